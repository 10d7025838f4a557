import { BALANCE_ENTRY_LABELS, type BalanceEntry } from '@market/contracts';
import { formatSignedAmount, formatTashkentTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useBalanceHistory } from '../api/get-balance-history';
import { Pager } from '../../../components/pager';
import { RetryButton } from '../../../components/load-failed';

function HistoryEntry({ entry }: { entry: BalanceEntry }) {
  const { t } = useTranslation(['payments', 'messages']);
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{t(`messages:${BALANCE_ENTRY_LABELS[entry.kind]}`)}</p>
        <time dateTime={entry.createdAt} className="text-sm tabular-nums text-slate-500">
          {formatTashkentTime(entry.createdAt, 'day-first')}
        </time>
      </div>
      <p className={`shrink-0 font-semibold tabular-nums ${entry.amount < 0 ? 'text-slate-900' : 'text-brand-700'}`}>
        {t('balance.amount', { amount: formatSignedAmount(entry.amount) })}
      </p>
    </li>
  );
}

/** The ledger of the signed-in user, newest first, one page at a time. */
export function BalanceHistory({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation(['payments', 'messages']);
  const history = useBalanceHistory(page);

  if (history.isPending) {
    return (
      <div role="status" aria-label={t('history.loading')} className="space-y-2">
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-16 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
    );
  }
  if (history.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
        <p>{t('history.loadFailed')}</p>
        <RetryButton onRetry={() => void history.refetch()}>{t('history.retry')}</RetryButton>
      </div>
    );
  }
  const { entries, pages } = history.data;
  if (entries.length === 0) return <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-slate-600">{t('history.empty')}</p>;
  return (
    <>
      <ul aria-busy={history.isPlaceholderData} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {entries.map((entry) => (
          <HistoryEntry key={entry._id} entry={entry} />
        ))}
      </ul>
      <Pager page={page} pages={pages} onChange={onPageChange} />
    </>
  );
}
