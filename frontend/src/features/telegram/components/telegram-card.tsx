import { useEffect, useId, useRef, useState } from 'react';
import type { TelegramLink } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { formatTashkentEta } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCreateTelegramLink } from '../api/create-telegram-link';
import { useTelegramStatus } from '../api/get-telegram-status';
import { useUnlinkTelegram } from '../api/unlink-telegram';

const secondaryButtonClass =
  'rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-500';

/**
 * Settings card 'Connect Telegram': the sellers' bot then tells the seller when a listing is
 * approved, rejected or posted. The one-time deep link opens Telegram, where 'Start' links the
 * chat; the card notices by itself and turns 'linked'.
 */
export function TelegramCard() {
  const { t } = useTranslation(['telegram', 'messages']);
  const titleId = useId();
  const [openLink, setOpenLink] = useState<TelegramLink | null>(null);
  const status = useTelegramStatus({ waitingForLink: openLink !== null });
  const createLink = useCreateTelegramLink();
  const unlink = useUnlinkTelegram();
  const linked = status.data?.linked ?? false;

  // Said once per link, when the bot reports the chat linked.
  const announcedLink = useRef<TelegramLink | null>(null);
  useEffect(() => {
    if (!openLink || !linked || announcedLink.current === openLink) return;
    announcedLink.current = openLink;
    toast.success(t('linkedNow'));
  }, [openLink, linked, t]);

  const connect = () =>
    createLink.mutate(undefined, {
      onSuccess: (link) => {
        setOpenLink(link);
        // A blocked pop-up is fine: the same link stays on the card to tap.
        window.open(link.link, '_blank', 'noopener,noreferrer');
      },
    });

  const disconnect = () =>
    unlink.mutate(undefined, {
      onSuccess: () => {
        setOpenLink(null);
        toast.success(t('unlinkedNow'));
      },
    });

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('title')}
        </h2>
        {status.isSuccess && (
          <span
            className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${linked ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
          >
            {linked ? t('linked') : t('notLinked')}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t('description')}</p>

      <div className="mt-4 space-y-3">
        {status.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t('common:loading')}
          </p>
        ) : status.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('statusFailed', { reason: errorText(status.error) })}
          </p>
        ) : linked ? (
          <button type="button" onClick={disconnect} disabled={unlink.isPending} aria-busy={unlink.isPending} className={secondaryButtonClass}>
            {unlink.isPending ? t('disconnecting') : t('disconnect')}
          </button>
        ) : !status.data.botConfigured ? (
          // Nothing to connect to yet: no button that could only fail.
          <p role="status" className="text-sm text-slate-600">
            {t('messages:telegramBotNotConfigured')}
          </p>
        ) : (
          <>
            <button type="button" onClick={connect} disabled={createLink.isPending} aria-busy={createLink.isPending} className={primaryButtonClass}>
              {createLink.isPending ? t('connecting') : t('connect')}
            </button>
            {openLink && (
              <div role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-slate-700">
                <p>{t('pressStart', { time: formatTashkentEta(openLink.expiresAt) })}</p>
                <a
                  href={openLink.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-block font-medium text-brand-800 underline hover:text-brand-700"
                >
                  {t('openTelegram')}
                </a>
              </div>
            )}
          </>
        )}
        {(createLink.isError || unlink.isError) && (
          <p role="alert" className="text-sm text-red-700">
            {errorText(createLink.error ?? unlink.error)}
          </p>
        )}
      </div>
    </section>
  );
}
