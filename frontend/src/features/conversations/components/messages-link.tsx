import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n';
import { useConversations } from '../api/conversations';
import { useConversationsLive } from '../api/live';

/** The top bar's way to the conversations, with the unread count; it also keeps the signed-in pages live. */
export function MessagesLink() {
  const { t } = useTranslation('conversations');
  useConversationsLive(true);
  const unread = useConversations(1).data?.unread ?? 0;
  return (
    <Link
      to="/profile/messages"
      aria-label={unread ? t('messagesUnread', { count: unread }) : t('messages')}
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
      <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 5h16v11H8l-4 4V5Z" strokeLinejoin="round" />
      </svg>
      {unread > 0 && (
        <span aria-hidden data-testid="messages-unread" className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white">
          {unread}
        </span>
      )}
    </Link>
  );
}
