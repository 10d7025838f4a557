import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReportedConversationPage } from '@market/contracts';
import { AdminOnly } from '../../../components/admin-only';
import { errorText } from '../../../components/form/form-error';
import { LoadFailed } from '../../../components/load-failed';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { formatListingPrice, formatTashkentTime } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useReportedConversations } from '../api/reported-conversations';
import { personLabel, reportedThreadPath } from './reported-thread-page';

type ReportedConversation = ReportedConversationPage['conversations'][number];

/** /profile/reported-conversations: the moderators' queue of reported conversations, the latest report first. */
export function ReportedConversationsPage() {
  const { t } = useTranslation('conversations');
  return (
    <AdminOnly forbidden={t('reported.forbidden')}>
      <ReportedQueue />
    </AdminOnly>
  );
}

function ReportedQueue() {
  const { t } = useTranslation('conversations');
  const [page, setPage] = useState(1);
  const reported = useReportedConversations(page);
  return (
    <section>
      <PageTitle documentTitle={t('reported.title')}>{t('reported.title')}</PageTitle>
      <p className="mb-3 text-sm text-slate-600">{t('reported.readOnly')}</p>
      {reported.isPending && <p className="text-slate-600">{t('loading')}</p>}
      {reported.isError && <LoadFailed message={errorText(reported.error)} retry={{ label: t('retry'), onRetry: () => void reported.refetch() }} />}
      {reported.data?.conversations.length === 0 && <p className="text-slate-600">{t('reported.empty')}</p>}
      {Boolean(reported.data?.conversations.length) && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {reported.data?.conversations.map((conversation) => (
            <ReportedRow key={conversation.id} conversation={conversation} />
          ))}
        </ul>
      )}
      {(reported.data?.pages ?? 0) > 1 && <Pager page={page} pages={reported.data!.pages} onChange={setPage} />}
    </section>
  );
}

/** One reported conversation: its listing, when it was last reported, and every report's reason, words and reporter. */
function ReportedRow({ conversation }: { conversation: ReportedConversation }) {
  const { t } = useTranslation('conversations');
  const { listing } = conversation;
  return (
    <li data-testid="reported-conversation">
      <Link to={reportedThreadPath(conversation.id)} className="flex min-h-16 items-start gap-3 p-3 hover:bg-slate-50">
        {listing.image ? (
          <img src={listing.image.location} alt="" className="h-11 w-11 shrink-0 rounded object-cover" />
        ) : (
          <span aria-hidden className="h-11 w-11 shrink-0 rounded bg-slate-100" />
        )}
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className="truncate font-semibold text-slate-900">{listing.name}</span>
            <time dateTime={conversation.reportedAt} className="ml-auto shrink-0 text-xs text-slate-500">
              {formatTashkentTime(conversation.reportedAt, 'day-first')}
            </time>
          </span>
          <span className="block text-sm text-slate-700">
            {formatListingPrice(listing.price, listing.valut, currentLanguage())}
            {listing.state !== 'onSale' && ` · ${t(`listingStates.${listing.state}`)}`}
          </span>
          <span className="block text-sm text-slate-700">
            {conversation.reports.map((report, index) => (
              <span key={index} className="block break-words">
                <span className="text-slate-500">{t('reported.reporter', { who: personLabel(t(`reported.${report.reporter.role}`), report.reporter.name) })}</span>{' '}
                {t(`reasons.${report.reason}`)}
                {report.text && `: ${report.text}`}
              </span>
            ))}
          </span>
        </span>
      </Link>
    </li>
  );
}
