export { searchMeeting, useMeetingSearch } from './api/search-meeting';
export { searchProject, useProjectSearch } from './api/search-project';
export { HighlightedText } from './components/HighlightedText';
export { MeetingSearch } from './components/MeetingSearch';
export { ProjectSearch } from './components/ProjectSearch';
export { SearchBox } from './components/SearchBox';
