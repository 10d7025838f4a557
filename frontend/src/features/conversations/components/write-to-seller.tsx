import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONVERSATION_LIMITS } from '@market/contracts';
import { useTranslation } from '../../../lib/i18n';
import { useMainAction } from '../../../lib/use-main-action';
import { useStartConversation } from '../api/conversations';

/**
 * 'Sotuvchiga yozish' beside the call button: a signed-in buyer writes the first message (or the
 * next one) here and continues in the thread. Nobody's number goes with it.
 */
export function WriteToSeller({ listingId }: { listingId: string }) {
  const { t } = useTranslation('conversations');
  const navigate = useNavigate();
  const [writing, setWriting] = useState(false);
  const [text, setText] = useState('');
  const start = useStartConversation();
  const openForm = () => {
    setText(t('firstMessage'));
    setWriting(true);
  };
  const send = () => start.mutate({ listingId, text }, { onSuccess: (conversation) => void navigate(`/profile/messages/${conversation.id}`) });
  // Inside Telegram the MainButton writes to the seller, then sends (the listing page shows this twice: a phone's bar, a desktop's panel).
  const shownIn = useRef<HTMLButtonElement & HTMLFormElement>(null);
  useMainAction(writing ? { label: t('send'), run: send, disabled: !text.trim(), busy: start.isPending } : { label: t('writeToSeller'), run: openForm }, shownIn);

  if (!writing) {
    return (
      <button
        ref={shownIn}
        type="button"
        onClick={openForm}
        className="flex min-h-12 flex-1 items-center justify-center rounded-lg border border-brand-700 px-4 font-medium text-brand-700 hover:bg-brand-50"
      >
        {t('writeToSeller')}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  return (
    <form ref={shownIn} onSubmit={submit} className="w-full space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <label className="block text-sm font-medium text-slate-800">
        {t('messageLabel')}
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={CONVERSATION_LIMITS.textMax}
          rows={3}
          required
          className="mt-1 block w-full rounded-md border border-slate-300 p-2 text-base"
        />
      </label>
      {start.isError && (
        <p role="alert" className="text-sm text-red-700">
          {start.error.message}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={start.isPending} className="min-h-11 flex-1 rounded-md bg-brand-700 px-4 font-medium text-white hover:bg-brand-800 disabled:opacity-70">
          {start.isPending ? t('sending') : t('send')}
        </button>
        <button type="button" onClick={() => setWriting(false)} className="min-h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100">
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
