import { CountedLink } from '../../../components/counted-link';
import { useTranslation } from '../../../lib/i18n';
import { useNotifications, useNotificationsLive } from '../api/notifications';

/** The top bar's bell: the inbox, with how many notices are unread, pushed as they come. */
export function NotificationsBell() {
  const { t } = useTranslation('conversations');
  useNotificationsLive();
  const unread = useNotifications(1, true).data?.unread ?? 0;
  return (
    <CountedLink
      to="/profile/notifications"
      label={unread ? t('notificationsUnread', { count: unread }) : t('notifications')}
      count={unread}
      countTestId="notifications-unread"
      icon={<path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4a2 2 0 0 0 4 0" strokeLinejoin="round" />}
    />
  );
}
