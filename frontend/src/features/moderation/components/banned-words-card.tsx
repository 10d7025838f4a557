import { useId, useState } from 'react';
import { bannedWordsSchema } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { inputClass, labelClass } from '../../../components/form/text-field';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useBannedWords, useSaveBannedWords } from '../api/banned-words';

/** 'Taqiqlangan so'zlar': one word a line; a waiting listing that uses one is flagged in the queue. */
export function BannedWordsCard() {
  const { t } = useTranslation('moderation');
  const saved = useBannedWords();
  const save = useSaveBannedWords();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const text = typed ?? saved.data?.words.join('\n') ?? '';

  const submit = () => {
    const parsed = bannedWordsSchema.safeParse({ words: text.split('\n').filter((line) => line.trim()) });
    if (!parsed.success) return setError(t('bannedWords.invalid'));
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setTyped(null);
        toast.success(t('bannedWords.saved'), { action: 'banned-words' });
      },
      onError: (failure) => toast.error(errorText(failure), { action: 'banned-words' }),
    });
  };

  return (
    <details className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-900">{t('bannedWords.title')}</summary>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="mt-2 space-y-3"
      >
        <label htmlFor={fieldId} className={labelClass}>
          {t('bannedWords.label')}
        </label>
        <textarea
          id={fieldId}
          rows={6}
          value={text}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={error ? true : undefined}
          className={inputClass}
        />
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <SubmitButton busy={save.isPending} busyLabel={t('busy')}>
          {t('bannedWords.save')}
        </SubmitButton>
      </form>
    </details>
  );
}
