import { requestPhoneAccess } from '@telegram-apps/sdk-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { accountNameSchema } from '@market/contracts';
import { Dialog } from '../../../components/dialog';
import { useTranslation } from '../../../lib/i18n';
import { telegramName } from '../launch-params';
import { startTelegramSdk } from '../telegram-sdk';

/** The bot records a shared number within a moment; the app asks this many times, a second apart. */
const SIGN_IN_TRIES = 10;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ContactRequestProps {
  signIn: (details: { name: string; agree: true }) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Sign-in without an SMS for a Telegram user whose chat is not linked: they share their number
 * with the bot (Telegram's requestPhoneAccess, the contact goes to the bot, which vouches for it),
 * and the app signs in that number's account, or creates it under this name and the terms.
 */
export function ContactRequest({ signIn, onClose }: ContactRequestProps) {
  const { t } = useTranslation('mini-app');
  const [name, setName] = useState(telegramName);
  const [agree, setAgree] = useState(false);
  const [state, setState] = useState<'idle' | 'waiting' | 'notReceived'>('idle');
  const nameProblem = accountNameSchema.safeParse(name).error?.issues[0]?.message;

  const share = async (event: FormEvent) => {
    event.preventDefault();
    setState('waiting');
    startTelegramSdk();
    const status = await requestPhoneAccess().catch(() => 'cancelled');
    if (status === 'sent') {
      for (let attempt = 0; attempt < SIGN_IN_TRIES; attempt += 1) {
        if (await signIn({ name, agree: true }).catch(() => false)) return;
        await wait(1000);
      }
    }
    setState('notReceived');
  };

  return (
    <Dialog title={t('contact.title')} description={t('contact.why')} onClose={onClose} closeLabel={t('contact.notNow')} size="md">
      <form onSubmit={(event) => void share(event)} className="space-y-3">
        <label className="block text-sm font-medium text-slate-800">
          {t('contact.name')}
          <input value={name} onChange={(event) => setName(event.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 p-2 text-base" />
        </label>
        {nameProblem && <p className="text-sm text-red-700">{t('contact.nameProblem')}</p>}
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={agree} onChange={(event) => setAgree(event.target.checked)} className="h-5 w-5" />
          <span>
            {t('contact.agree')}{' '}
            <Link to="/terms" className="font-medium text-brand-800 underline">
              {t('contact.terms')}
            </Link>
          </span>
        </label>
        {state === 'notReceived' && (
          <p role="alert" className="text-sm text-red-700">
            {t('contact.notReceived')}
          </p>
        )}
        <button
          type="submit"
          disabled={!agree || Boolean(nameProblem) || state === 'waiting'}
          className="min-h-11 w-full rounded-md bg-brand-700 px-4 font-medium text-white disabled:opacity-60"
        >
          {state === 'waiting' ? t('contact.waiting') : t('contact.share')}
        </button>
      </form>
    </Dialog>
  );
}
