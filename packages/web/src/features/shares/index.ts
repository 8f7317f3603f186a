export { ShareMeetingButton } from './components/ShareMeetingButton';
