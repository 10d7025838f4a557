import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n';
import { useNotifications } from '../api/notifications';

/** The top bar's bell: the inbox, with how many notices are unread. */
export function NotificationsBell() {
  const { t } = useTranslation('conversations');
  const unread = useNotifications(1, true).data?.unread ?? 0;
  return (
    <Link
      to="/profile/notifications"
      aria-label={unread ? t('notificationsUnread', { count: unread }) : t('notifications')}
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
      <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4a2 2 0 0 0 4 0" strokeLinejoin="round" />
      </svg>
      {unread > 0 && (
        <span aria-hidden className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white">
          {unread}
        </span>
      )}
    </Link>
  );
}
