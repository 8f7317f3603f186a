export { AudioPlayer } from './AudioPlayer';
