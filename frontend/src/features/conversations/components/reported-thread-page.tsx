import { Link } from 'react-router-dom';
import type { ConversationMessage } from '@market/contracts';
import { AdminOnly } from '../../../components/admin-only';
import { errorText } from '../../../components/form/form-error';
import { LoadFailed } from '../../../components/load-failed';
import { formatListingPrice } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useModeratorThread } from '../api/reported-conversations';
import { MessageList } from './message-list';

/** Where the queue opens a reported thread. */
export function reportedThreadPath(conversationId: string): string {
  return `/profile/reported-conversations/${conversationId}`;
}

/** A participant as the moderators see them: their side ("Sotuvchi") and their name, when they gave one. */
export function personLabel(role: string, name: string | null): string {
  return name ? `${role} ${name}` : role;
}

/**
 * /profile/reported-conversations/{id}: a reported conversation's thread for a moderator, read-only,
 * each message marked as the seller's or the buyer's; the API records each opening.
 */
export function ReportedThreadPage({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversations');
  return (
    <AdminOnly forbidden={t('reported.forbidden')}>
      <ReportedThread conversationId={conversationId} />
    </AdminOnly>
  );
}

function ReportedThread({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversations');
  const thread = useModeratorThread(conversationId);
  const about = thread.data?.pages[0];
  const authorOf = (message: ConversationMessage) => (about ? t(message.authorId === about.seller.id ? 'reported.seller' : 'reported.buyer') : '');
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
        {about && (
          <>
            <div className="min-w-0 flex-1">
              <Link to={`/phone/${about.listing._id}`} className="block truncate font-semibold text-brand-700 hover:underline">
                {about.listing.name}
              </Link>
              <p className="truncate text-sm text-slate-700">
                {formatListingPrice(about.listing.price, about.listing.valut, currentLanguage())} ·{' '}
                {personLabel(t('reported.seller'), about.seller.name)} · {personLabel(t('reported.buyer'), about.buyer.name)}
              </p>
            </div>
            {about.listing.image && <img src={about.listing.image.location} alt="" className="h-11 w-11 shrink-0 rounded object-cover" />}
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
