import type { ModerationCard } from '@market/contracts';
import { formatTashkentTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/**
 * What a moderator reads before deciding (issue 35): the score, the seller's record, and the
 * description with what the checks found in it (a card number, contacts, prepayment wording) marked.
 */
export function ListingRecord({ listing }: { listing: ModerationCard }) {
  const { t } = useTranslation('moderation');
  const { sellerRecord: record, description, flagged } = listing;
  const parts: { text: string; flagged: boolean }[] = [];
  let at = 0;
  for (const span of flagged) {
    parts.push({ text: description!.slice(at, span.start), flagged: false }, { text: description!.slice(span.start, span.end), flagged: true });
    at = span.end;
  }
  parts.push({ text: description?.slice(at) ?? '', flagged: false });
  return (
    <div className="space-y-1">
      {listing.checks.length > 0 && <p className="font-medium text-red-800">{t('riskScore', { score: listing.riskScore })}</p>}
      <p className="text-slate-600">
        {t('sellerRecord', { since: formatTashkentTime(record.since), listings: record.listings, approved: record.approved, rejected: record.rejected, reports: record.reports })}
      </p>
      {description && (
        <p className="break-words whitespace-pre-line text-slate-900">
          {parts.map((part, index) =>
            part.flagged ? (
              <mark key={index} className="rounded bg-red-100 px-0.5 text-red-900">
                {part.text}
              </mark>
            ) : (
              part.text
            ),
          )}
        </p>
      )}
    </div>
  );
}
