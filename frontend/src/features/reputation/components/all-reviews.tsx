import { useState } from 'react';
import { Pager } from '../../../components/pager';
import { useSession } from '../../../lib/auth/session';
import { useTranslation } from '../../../lib/i18n';
import { useSellerReviews } from '../api/get-seller-reviews';
import { ReviewItem } from './review-item';

/** Every review about the seller that counts, a page at a time. */
export function AllReviews({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation('reputation');
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const reviews = useSellerReviews(sellerId, page);
  if (!reviews.data || reviews.data.reviews.length === 0) return null;
  return (
    <section className="mb-6 grid gap-2" aria-label={t('signals.allReviews')}>
      <h2 className="text-lg font-semibold text-slate-900">{t('signals.allReviews')}</h2>
      {reviews.data.reviews.map((review) => (
        <ReviewItem key={review.id} review={review} reportable={Boolean(user) && user?._id !== review.author.id} />
      ))}
      {reviews.data.pages > 1 && <Pager page={page} pages={reviews.data.pages} onChange={setPage} />}
    </section>
  );
}
