import { LIMITS } from '@market/contracts';
import { formatCountdown, useCountdown } from '../../../components/form/use-countdown';
import { useTranslation } from '../../../lib/i18n';
import { useLastSms } from '../api/last-sms';

interface SmsNotDeliveredProps {
  phoneNumber: string;
  /** When the SMS was asked for (ms timestamp); null before any. */
  sentAt: number | null;
}

/** 'SMS yuborilmadi' when Eskiz refused the last SMS or the operator could not deliver it, with when to ask again. */
export function SmsNotDelivered({ phoneNumber, sentAt }: SmsNotDeliveredProps) {
  const { t } = useTranslation('auth');
  const { data } = useLastSms(phoneNumber, sentAt);
  const secondsLeft = useCountdown(sentAt, LIMITS.resendCountdownSeconds);
  if (data?.lastSms !== 'notDelivered') return null;
  return (
    <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">{t('sms.notDelivered')}</p>
      <p role="timer" className="tabular-nums">
        {secondsLeft > 0 ? t('sms.retryIn', { time: formatCountdown(secondsLeft) }) : t('sms.retryNow')}
      </p>
    </div>
  );
}
