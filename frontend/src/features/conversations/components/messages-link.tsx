import { CountedLink } from '../../../components/counted-link';
import { useTranslation } from '../../../lib/i18n';
import { useConversations } from '../api/conversations';
import { useConversationsLive } from '../api/live';

/** The top bar's way to the conversations, with the unread count; it also keeps the signed-in pages live. */
export function MessagesLink() {
  const { t } = useTranslation('conversations');
  useConversationsLive();
  const unread = useConversations(1).data?.unread ?? 0;
  return (
    <CountedLink
      to="/profile/messages"
      label={unread ? t('messagesUnread', { count: unread }) : t('messages')}
      count={unread}
      countTestId="messages-unread"
      icon={<path d="M4 5h16v11H8l-4 4V5Z" strokeLinejoin="round" />}
    />
  );
}
