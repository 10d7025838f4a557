import { formatCountdown } from '../../../components/form/use-countdown';
import { useTranslation } from '../../../lib/i18n';

/** "1:42 dan keyin qayta so'rang": how long an SMS request refused by the limits must wait, counting down; nothing at 0. */
export function RetryWait({ seconds, className = '' }: { seconds: number; className?: string }) {
  const { t } = useTranslation('auth');
  if (seconds <= 0) return null;
  return (
    <p role="status" className={`tabular-nums text-sm text-slate-600 ${className}`}>
      {t('sms.retryIn', { time: formatCountdown(seconds) })}
    </p>
  );
}
