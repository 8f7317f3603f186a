export { createMeeting, useCreateMeeting } from './api/create-meeting';
export { NewMeetingProvider, type StartNewMeeting, useStartNewMeeting } from './components/NewMeetingProvider';
