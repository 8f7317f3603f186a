export { searchMeeting, useMeetingSearch } from './api/search-meeting';
export { searchProject, useProjectSearch } from './api/search-project';
export { AskBox } from './components/AskBox';
export { HeaderSearch } from './components/HeaderSearch';
export { HighlightedText } from './components/HighlightedText';
export { MeetingSearch } from './components/MeetingSearch';
export { PageNav } from './components/PageNav';
export { ProjectSearch } from './components/ProjectSearch';
export { SearchBox } from './components/SearchBox';
