import { useState } from 'react';
import { REPUTATION_LIMITS, REVIEW_TAGS, type ReviewTag } from '@market/contracts';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useWriteReview } from '../api/write-review';

/** A review of the other side of a confirmed deal: stars, fixed tags, optional words. */
export function ReviewForm({ dealId }: { dealId: string }) {
  const { t } = useTranslation(['reputation', 'messages']);
  const write = useWriteReview();
  const [stars, setStars] = useState(0);
  const [tags, setTags] = useState<ReviewTag[]>([]);
  const [text, setText] = useState('');
  const fieldError = write.error instanceof ApiError ? write.error.envelope?.fields?.text : undefined;
  return (
    <form
      className="mt-2 grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (stars) write.mutate({ id: dealId, stars, tags, text: text.trim() || undefined });
      }}
    >
      <fieldset className="flex gap-1">
        <legend className="text-sm text-slate-700">{t('form.stars')}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <button key={value} type="button" aria-pressed={stars === value} aria-label={t('stars', { count: value })} onClick={() => setStars(value)} className="min-h-11 min-w-11 text-2xl text-amber-500">
            {value <= stars ? '★' : '☆'}
          </button>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        {REVIEW_TAGS.map((tag) => (
          <label key={tag} className="flex min-h-11 items-center gap-1 text-sm">
            <input type="checkbox" checked={tags.includes(tag)} onChange={(event) => setTags(event.target.checked ? [...tags, tag] : tags.filter((one) => one !== tag))} />
            {t(`tags.${tag}`)}
          </label>
        ))}
      </div>
      <label className="grid gap-1 text-sm">
        {t('form.text')}
        <textarea value={text} maxLength={REPUTATION_LIMITS.textMax} onChange={(event) => setText(event.target.value)} className="rounded border border-slate-300 p-2" rows={3} />
      </label>
      {fieldError && <p className="text-sm text-red-700">{t(`messages:${fieldError}`)}</p>}
      <button type="submit" disabled={!stars || write.isPending} className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white disabled:opacity-50">
        {t('form.submit')}
      </button>
    </form>
  );
}
