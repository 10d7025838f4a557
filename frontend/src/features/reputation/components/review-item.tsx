import { useState } from 'react';
import { REPUTATION_LIMITS, REVIEW_REPORT_REASONS, type Review, type ReviewReport } from '@market/contracts';
import { ApiError } from '../../../lib/api-client';
import { formatTashkentDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useReplyToReview } from '../api/reply-to-review';
import { useReportReview } from '../api/report-review';

/**
 * One review: stars, tags, words, the reply, or the moderators' reason for removing it. `replyable`:
 * the viewer is the reviewed person, who may answer once; `reportable`: a signed-in reader may report it.
 */
export function ReviewItem({ review, replyable = false, reportable = false }: { review: Review; replyable?: boolean; reportable?: boolean }) {
  const { t } = useTranslation(['reputation', 'messages']);
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
      {replyable && !review.reply && !review.removedReason && <ReplyForm reviewId={review.id} />}
      {reportable && <ReportForm reviewId={review.id} />}
    </article>
  );
}

function ReplyForm({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation(['reputation', 'messages']);
  const reply = useReplyToReview();
  const [text, setText] = useState('');
  const refusal = reply.error instanceof ApiError ? (reply.error.fields.text ?? null) : null;
  return (
    <form
      className="mt-2 grid gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) reply.mutate({ id: reviewId, text: text.trim() });
      }}
    >
      <label className="grid gap-1">
        {t('replyOnce')}
        <textarea value={text} maxLength={REPUTATION_LIMITS.textMax} onChange={(event) => setText(event.target.value)} rows={2} className="rounded border border-slate-300 p-2" />
      </label>
      {(refusal || reply.error) && <p className="text-red-700">{refusal ? t(`messages:${refusal}`) : reply.error?.message}</p>}
      <button type="submit" disabled={reply.isPending} className="min-h-11 justify-self-start rounded-lg border border-slate-300 px-4 font-medium">
        {t('replySubmit')}
      </button>
    </form>
  );
}

function ReportForm({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation(['reputation', 'messages']);
  const report = useReportReview();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReviewReport['reason']>('insult');
  const [text, setText] = useState('');
  if (report.isSuccess) return <p className="mt-2 text-slate-600">{t('messages:reviewReported')}</p>;
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} className="mt-1 min-h-11 text-slate-600 underline">
        {t('report.open')}
      </button>
    );
  return (
    <form
      className="mt-2 grid gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        report.mutate({ id: reviewId, reason, text: text.trim() || undefined });
      }}
    >
      <label className="grid gap-1">
        {t('report.reason')}
        <select value={reason} onChange={(event) => setReason(event.target.value as ReviewReport['reason'])} className="min-h-11 rounded border border-slate-300 px-2">
          {REVIEW_REPORT_REASONS.map((one) => (
            <option key={one} value={one}>
              {t(`report.reasons.${one}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        {t('report.text')}
        <input value={text} onChange={(event) => setText(event.target.value)} className="min-h-11 rounded border border-slate-300 px-2" />
      </label>
      {report.error && <p className="text-red-700">{report.error.message}</p>}
      <button type="submit" disabled={report.isPending} className="min-h-11 justify-self-start rounded-lg border border-slate-300 px-4 font-medium">
        {t('report.submit')}
      </button>
    </form>
  );
}
