import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/load-failed';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { formatListingPrice, formatTashkentTime } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useConversations } from '../api/conversations';
import { PersonPicture } from './person-picture';

/** /profile/messages: the conversations, the latest message first, each with its listing's photo and its unread count. */
export function ConversationsPage() {
  const { t } = useTranslation('conversations');
  const [page, setPage] = useState(1);
  const conversations = useConversations(page);
  return (
    <section>
      <PageTitle documentTitle={t('messages')}>{t('messages')}</PageTitle>
      {conversations.isPending && <p className="text-slate-600">{t('loading')}</p>}
      {conversations.isError && <LoadFailed message={conversations.error.message} retry={{ label: t('retry'), onRetry: () => void conversations.refetch() }} />}
      {conversations.data?.conversations.length === 0 && <p className="text-slate-600">{t('empty')}</p>}
      {Boolean(conversations.data?.conversations.length) && (
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {conversations.data?.conversations.map((conversation) => (
          <li key={conversation.id}>
            <Link to={`/profile/messages/${conversation.id}`} className="flex min-h-16 items-center gap-3 p-3 hover:bg-slate-50" data-testid="conversation">
              <PersonPicture person={conversation.other} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="truncate font-semibold text-slate-900">{conversation.other.name ?? '—'}</span>
                  {conversation.lastMessage && (
                    <time dateTime={conversation.updatedAt} className="ml-auto shrink-0 text-xs text-slate-500">
                      {formatTashkentTime(conversation.updatedAt, 'day-first')}
                    </time>
                  )}
                </span>
                <span className="block truncate text-sm text-slate-700">
                  {conversation.listing.name}, {formatListingPrice(conversation.listing.price, conversation.listing.valut, currentLanguage())}
                  {conversation.listing.state !== 'onSale' && ` · ${t(`listingStates.${conversation.listing.state}`)}`}
                </span>
                {conversation.lastMessage && (
                  <span className="block truncate text-sm text-slate-500">
                    {conversation.lastMessage.mine && t('you')}
                    {conversation.lastMessage.text}
                  </span>
                )}
              </span>
              {conversation.listing.image && <img src={conversation.listing.image.location} alt="" className="h-11 w-11 shrink-0 rounded object-cover" />}
              {conversation.unread > 0 && (
                <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white" aria-label={t('unread', { count: conversation.unread })}>
                  {conversation.unread}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      )}
      {(conversations.data?.pages ?? 0) > 1 && <Pager page={page} pages={conversations.data!.pages} onChange={setPage} />}
    </section>
  );
}
