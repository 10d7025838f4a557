import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n';
import { useReputationDecision, useReputationQueue } from '../api/reputation-queue';
import { ReviewItem } from './review-item';

/** The moderators' part of reputation: clear deals held as linked accounts, remove reported reviews with a reason both sides see. */
export function ReputationQueue() {
  const { t } = useTranslation('reputation');
  const queue = useReputationQueue();
  const decide = useReputationDecision();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  if (!queue.data || (queue.data.deals.length === 0 && queue.data.reviews.length === 0)) return null;
  return (
    <section className="mt-8 grid gap-3" aria-label={t('queue.title')}>
      <h2 className="text-lg font-semibold text-slate-900">{t('queue.title')}</h2>
      {queue.data.deals.map((deal) => (
        <article key={deal.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <span>{deal.flags.map((flag) => t(`queue.flags.${flag}`)).join(', ')}</span>
          <Link to={`/seller/${deal.sellerId}`} className="underline">
            {t('queue.seller')}
          </Link>
          <Link to={`/seller/${deal.buyerId}`} className="underline">
            {t('queue.buyer')}
          </Link>
          <button type="button" className="min-h-11 rounded-lg border border-slate-300 bg-white px-3" onClick={() => decide.mutate({ clearDeal: deal.id })}>
            {t('queue.clear')}
          </button>
        </article>
      ))}
      {queue.data.reviews.map((review) => (
        <div key={review.id} className="grid gap-2 rounded-lg border border-red-200 p-2">
          <ReviewItem review={review} />
          <p className="text-sm text-slate-700">{review.reports.map((report) => t(`report.reasons.${report.reason}`) + (report.text ? `: ${report.text}` : '')).join('; ')}</p>
          <form
            className="flex flex-wrap gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const reason = reasons[review.id]?.trim();
              if (reason) decide.mutate({ removeReview: review.id, reason });
            }}
          >
            <input
              aria-label={t('queue.reason')}
              placeholder={t('queue.reason')}
              value={reasons[review.id] ?? ''}
              onChange={(event) => setReasons({ ...reasons, [review.id]: event.target.value })}
              className="min-h-11 flex-1 rounded border border-slate-300 px-2"
            />
            <button type="submit" className="min-h-11 rounded-lg bg-red-700 px-3 font-semibold text-white">
              {t('queue.remove')}
            </button>
          </form>
        </div>
      ))}
    </section>
  );
}
