export { searchMeeting, useMeetingSearch } from './api/search-meeting';
export { searchProject, useProjectSearch } from './api/search-project';
export { AskBox } from './components/AskBox';
export { HeaderSearch } from './components/HeaderSearch';
export { MeetingSearch } from './components/MeetingSearch';
export { ProjectSearch } from './components/ProjectSearch';
