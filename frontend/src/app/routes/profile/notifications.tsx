import { NotificationsPage } from '../../../features/notifications';

/** /profile/notifications: the inbox. */
export { NotificationsPage as Component };
