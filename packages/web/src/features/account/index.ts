export { ProfileDialog } from './components/ProfileDialog';
