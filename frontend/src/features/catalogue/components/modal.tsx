// Moved to the shared components so other features' dialogs use the same frame (issue 7 frontend).
export { Modal } from '../../../components/modal';
