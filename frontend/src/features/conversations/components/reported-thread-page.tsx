import { Link } from 'react-router-dom';
import type { ConversationMessage } from '@market/contracts';
import { AdminOnly } from '../../../components/admin-only';
import { errorText } from '../../../components/form/form-error';
import { LoadFailed } from '../../../components/load-failed';
import { formatListingPrice } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useModeratorThread, useReportedListing } from '../api/reported-conversations';
import { MessageList } from './message-list';

/** Where the queue opens a reported thread; the thread's messages do not name their listing, the address does. */
export function reportedThreadPath(conversationId: string, listingId: string): string {
  return `/profile/reported-conversations/${conversationId}?listing=${listingId}`;
}

/**
 * /profile/reported-conversations/{id}?listing=: a reported conversation's thread for a moderator,
 * read-only, each message marked as the seller's or the buyer's; the API records each opening.
 */
export function ReportedThreadPage({ conversationId, listingId }: { conversationId: string; listingId: string }) {
  const { t } = useTranslation('conversations');
  return (
    <AdminOnly forbidden={t('reported.forbidden')}>
      <ReportedThread conversationId={conversationId} listingId={listingId} />
    </AdminOnly>
  );
}

function ReportedThread({ conversationId, listingId }: { conversationId: string; listingId: string }) {
  const { t } = useTranslation('conversations');
  const thread = useModeratorThread(conversationId);
  const listing = useReportedListing(listingId).data;
  const authorOf = (message: ConversationMessage) => (listing ? t(message.authorId === listing.seller._id ? 'reported.seller' : 'reported.buyer') : '');
  return (
    <section className="flex h-[calc(100dvh-7.5rem)] min-h-80 flex-col rounded-xl border border-slate-200 bg-white">
      <header className="flex items-center gap-3 border-b border-slate-200 p-3">
        <Link
          to="/profile/reported-conversations"
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-brand-700 hover:bg-brand-50"
          aria-label={t('reported.back')}
        >
          ←
        </Link>
        {listing && (
          <>
            <div className="min-w-0 flex-1">
              <Link to={`/phone/${listing._id}`} className="block truncate font-semibold text-brand-700 hover:underline">
                {listing.name}
              </Link>
              <p className="truncate text-sm text-slate-700">
                {formatListingPrice(listing.price, listing.valut, currentLanguage())} · {listing.seller.name ?? '—'}
              </p>
            </div>
            {listing.image && <img src={listing.image.location} alt="" className="h-11 w-11 shrink-0 rounded object-cover" />}
          </>
        )}
      </header>
      {thread.isError && <LoadFailed message={errorText(thread.error)} retry={{ label: t('retry'), onRetry: () => void thread.refetch() }} />}
      <MessageList thread={thread} authorOf={authorOf} />
      <p role="status" className="border-t border-slate-200 p-3 text-sm text-slate-700">
        {t('reported.readOnly')}
      </p>
    </section>
  );
}
