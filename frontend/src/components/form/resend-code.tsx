import { LIMITS } from '@market/contracts';
import { useTranslation } from '../../lib/i18n';
import { formatCountdown, useCountdown } from './use-countdown';

interface ResendCodeProps {
  /** When the last code was sent (ms timestamp). */
  sentAt: number | null;
  onResend: () => void;
  busy: boolean;
  /** Seconds a refused resend must still wait (the SMS limits' answer), when longer than the countdown's. */
  waitSeconds?: number;
}

/** The 2:00 countdown under a code field; the resend button works only at 0. */
export function ResendCode({ sentAt, onResend, busy, waitSeconds = 0 }: ResendCodeProps) {
  const { t } = useTranslation();
  const secondsLeft = Math.max(useCountdown(sentAt, LIMITS.resendCountdownSeconds), waitSeconds);
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <span role="timer" className="tabular-nums text-slate-600">
        {secondsLeft > 0 ? t('code.resendIn', { time: formatCountdown(secondsLeft) }) : t('code.canResend')}
      </span>
      <button
        type="button"
        onClick={onResend}
        disabled={secondsLeft > 0 || busy}
        className="min-h-11 font-medium text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
      >
        {busy ? t('sending') : t('code.resend')}
      </button>
    </div>
  );
}
