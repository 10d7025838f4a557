import { useState } from 'react';
import { formatTashkentDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useConfirmDeal } from '../api/confirm-deal';
import { useDeals } from '../api/get-deals';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';

/** My deals: the buyer confirms ("Ha, men sotib oldim") or not; both sides review within 30 days. */
export function MyDeals() {
  const { t } = useTranslation('reputation');
  const deals = useDeals();
  const confirm = useConfirmDeal();
  // The moment the list was opened: a review window that closes meanwhile is refused by the server.
  const [openedAt] = useState(() => Date.now());
  if (!deals.data || deals.data.deals.length === 0) return null;
  return (
    <section className="mb-6 grid gap-3" aria-label={t('deals.title')}>
      <h2 className="text-lg font-semibold text-slate-900">{t('deals.title')}</h2>
      {deals.data.deals.map((deal) => {
        const reviewOpen = deal.status === 'confirmed' && !deal.myReview && deal.reviewUntil !== null && Date.parse(deal.reviewUntil) > openedAt;
        return (
          <article key={deal.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm" data-testid="deal">
            <p className="font-semibold text-slate-900">{deal.listing.name}</p>
            <p className="text-slate-600">
              {t(`deals.${deal.role}`, { name: deal.other.name ?? t('anonymous') })} · {formatTashkentDate(deal.soldAt)} · {t(`deals.status.${deal.status}`)}
            </p>
            {deal.flagged && <p className="text-amber-700">{t('deals.flagged')}</p>}
            {deal.role === 'buyer' && deal.status === 'awaiting' && (
              <div className="mt-2 flex flex-wrap gap-2">
                <button type="button" className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white" onClick={() => confirm.mutate({ id: deal.id, bought: true })}>
                  {t('deals.confirm')}
                </button>
                <button type="button" className="min-h-11 rounded-lg border border-slate-300 px-4" onClick={() => confirm.mutate({ id: deal.id, bought: false })}>
                  {t('deals.decline')}
                </button>
              </div>
            )}
            {reviewOpen && <ReviewForm dealId={deal.id} />}
            {deal.myReview && (
              <div className="mt-2">
                <p className="text-slate-600">{t('deals.myReview')}</p>
                <ReviewItem review={deal.myReview} />
              </div>
            )}
            {deal.theirReviewWaiting && <p className="mt-2 text-slate-600">{t('deals.theirWaiting')}</p>}
            {deal.theirReview && (
              <div className="mt-2">
                <p className="text-slate-600">{t('deals.theirReview')}</p>
                <ReviewItem review={deal.theirReview} replyable />
              </div>
            )}
          </article>
        );
      })}
    </section>
  );
}
