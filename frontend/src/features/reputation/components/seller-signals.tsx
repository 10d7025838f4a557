import { Link } from 'react-router-dom';
import { REPUTATION_LIMITS } from '@market/contracts';
import { formatTashkentDate } from '../../../lib/format';
import { useSession } from '../../../lib/auth/session';
import { useTranslation } from '../../../lib/i18n';
import { useSellerSignals } from '../api/get-seller-signals';
import { ReviewItem } from './review-item';

/**
 * What a buyer can trust about a seller: rating (from 3 reviews), phones sold through the site,
 * on the site since, reply rate and time, the confirmed number, the latest reviews with a link to
 * all (`latest`). `own` adds how each figure is computed, for the seller's own page.
 */
export function SellerSignals({ sellerId, own = false, latest = true }: { sellerId: string; own?: boolean; latest?: boolean }) {
  const { t } = useTranslation('reputation');
  const { user } = useSession();
  const signals = useSellerSignals(sellerId);
  if (!signals.data) return null;
  const { rating, soldCount, memberSince, replyRate, replyMinutes, phoneConfirmed, latestReviews } = signals.data;
  const figure = (name: string, value: string) => (
    <div>
      <dt className="inline text-slate-500">{t(`signals.${name}`)}: </dt>
      <dd className="inline font-medium text-slate-900" data-testid={`signal-${name}`}>
        {value}
      </dd>
      {own && <p className="text-xs text-slate-500">{t(`howComputed.${name}`, { min: REPUTATION_LIMITS.ratingMinReviews })}</p>}
    </div>
  );
  return (
    <section className="mb-6 rounded-xl border border-slate-200 bg-white p-4" aria-label={t('signals.title')}>
      {phoneConfirmed && <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{t('signals.phoneConfirmed')}</span>}
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
        {figure('rating', rating ? t('signals.ratingValue', { average: rating.average.toFixed(1), count: rating.count }) : t('signals.noRating'))}
        {figure('sold', String(soldCount))}
        {figure('memberSince', formatTashkentDate(memberSince))}
        {figure('replyRate', replyRate === null ? '—' : `${replyRate}%`)}
        {figure('replyTime', replyMinutes === null ? '—' : t('signals.minutes', { count: replyMinutes }))}
      </dl>
      {latest && latestReviews.length > 0 && (
        <div className="mt-3 grid gap-2">
          <h2 className="font-semibold text-slate-900">{t('signals.latestReviews')}</h2>
          {latestReviews.map((review) => (
            <ReviewItem key={review.id} review={review} reportable={Boolean(user) && user?._id !== review.author.id} />
          ))}
          <Link to={`/seller/${sellerId}`} className="min-h-11 py-2 font-medium text-brand-700 underline">
            {t('signals.allReviews')}
          </Link>
        </div>
      )}
    </section>
  );
}
