import { Link } from 'react-router-dom';
import { FLAGGED_MESSAGES_DAYS, type ListingCheck } from '@market/contracts';
import { formatSom } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';

/** The workers' findings on a waiting listing, riskiest first in the queue: what to look at before deciding. */
export function RiskFindings({ checks }: { checks: ListingCheck[] }) {
  const { t } = useTranslation('moderation');
  if (!checks.length) return null;
  return (
    <ul aria-label={t('checks.title')} className="flex flex-wrap gap-1">
      {checks.map((check) => (
        <li key={check.kind} className="rounded-md bg-red-50 px-2 py-1 text-red-800">
          {t(`checks.${check.kind}`, {
            detail: check.kind === 'baitPrice' ? formatSom(Number(check.detail), currentLanguage()) : (check.detail ?? ''),
            days: FLAGGED_MESSAGES_DAYS,
          })}
          {/* Both point at another seller's listing: the one whose photo or IMEI this listing shares. */}
          {(check.kind === 'reusedPhoto' || check.kind === 'duplicateImei') && check.detail && (
            <>
              {' '}
              <Link to={`/phone/${check.detail}`} className="font-medium underline">
                {t('checks.otherListing')}
              </Link>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
