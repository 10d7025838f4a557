/** The inbox (issue 37): the top bar's bell and /profile/notifications. */
export { NotificationsBell } from './components/notifications-bell';
export { NotificationsPage } from './components/notifications-page';
