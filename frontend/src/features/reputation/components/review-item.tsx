import type { Review } from '@market/contracts';
import { formatTashkentDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** One review: stars, tags, words, the reply, or the moderators' reason for removing it. */
export function ReviewItem({ review }: { review: Review }) {
  const { t } = useTranslation('reputation');
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="review">
      <p className="font-semibold text-slate-900">
        <span aria-label={t('stars', { count: review.stars })}>{'★'.repeat(review.stars) + '☆'.repeat(5 - review.stars)}</span>{' '}
        <span className="font-normal text-slate-600">
          {review.author.name ?? t('anonymous')} · {t(`role.${review.authorRole}`)} · {formatTashkentDate(review.createdAt)}
        </span>
      </p>
      {review.tags.length > 0 && <p className="mt-1 text-slate-700">{review.tags.map((tag) => t(`tags.${tag}`)).join(' · ')}</p>}
      {review.text && <p className="mt-1 whitespace-pre-line text-slate-800">{review.text}</p>}
      {review.reply && (
        <p className="mt-2 border-l-2 border-slate-300 pl-2 text-slate-700">
          {t('reply')}: {review.reply.text}
        </p>
      )}
      {review.removedReason && <p className="mt-2 text-red-700">{t('removed', { reason: review.removedReason })}</p>}
    </article>
  );
}
