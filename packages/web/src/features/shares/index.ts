export { useSharedMeeting } from './api/shares';
export { ShareMeetingButton } from './components/ShareMeetingButton';
