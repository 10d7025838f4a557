import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/load-failed';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { formatTashkentTime } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useNotifications, useReadNotifications } from '../api/notifications';

/** /profile/notifications: what happened to one's listings, payments and conversations, newest first. */
export function NotificationsPage() {
  const { t } = useTranslation('conversations');
  const [page, setPage] = useState(1);
  const notifications = useNotifications(page);
  const { mutate: markRead } = useReadNotifications();
  const unread = notifications.data?.unread ?? 0;
  // Read up to the newest entry on the page shown: one filed since it loaded stays unread until it is shown.
  const newestShown = notifications.data?.notifications[0]?.id;
  useEffect(() => {
    if (unread > 0 && newestShown !== undefined) markRead({ upTo: newestShown });
  }, [unread, newestShown, markRead]);
  return (
    <section>
      <PageTitle documentTitle={t('notifications')}>{t('notifications')}</PageTitle>
      {notifications.isPending && <p className="text-slate-600">{t('loading')}</p>}
      {notifications.isError && <LoadFailed message={notifications.error.message} retry={{ label: t('retry'), onRetry: () => void notifications.refetch() }} />}
      {notifications.data?.notifications.length === 0 && <p className="text-slate-600">{t('notificationsEmpty')}</p>}
      <ul className="space-y-2">
        {notifications.data?.notifications.map((notification) => (
          <li key={notification.id} data-testid="notification" className={`rounded-xl border p-3 ${notification.read ? 'border-slate-200 bg-white' : 'border-brand-300 bg-brand-50'}`}>
            <p className="break-words whitespace-pre-line text-slate-900">{notification.text[currentLanguage()]}</p>
            <p className="mt-1 flex items-center gap-3 text-sm text-slate-500">
              <time dateTime={notification.createdAt}>{formatTashkentTime(notification.createdAt, 'day-first')}</time>
              {notification.link && (
                <Link to={notification.link} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
                  {t('open')}
                </Link>
              )}
            </p>
          </li>
        ))}
      </ul>
      {(notifications.data?.pages ?? 0) > 1 && <Pager page={page} pages={notifications.data!.pages} onChange={setPage} />}
    </section>
  );
}
