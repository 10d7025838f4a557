import type { OpenReport } from '@market/contracts';
import { formatTashkentTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** Buyers' reports on a listing that no admin has decided on yet, newest first. */
export function OpenReports({ reports }: { reports: OpenReport[] }) {
  const { t } = useTranslation('moderation');
  // The reasons' names are the ones buyers picked from, on the listing page.
  const { t: listingTexts } = useTranslation('listing-page');
  if (!reports.length) return null;
  return (
    <details className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
      <summary className="min-h-6 cursor-pointer font-medium">{t('reports', { count: reports.length })}</summary>
      <ul className="mt-1 space-y-1">
        {reports.map((report) => (
          <li key={report.createdAt + report.reason} className="break-words">
            <time dateTime={report.createdAt} className="text-amber-700">
              {formatTashkentTime(report.createdAt)}
            </time>{' '}
            {listingTexts(`report.reason.${report.reason}`)}
            {report.text && `: ${report.text}`}
          </li>
        ))}
      </ul>
    </details>
  );
}
