import type { FormEvent } from 'react';
import { LIMITS, type CardGatewayMode } from '@market/contracts';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { SandboxNotice } from './sandbox-notice';

interface OtpStepProps {
  /** Masked as the gateway gives it, e.g. '99890*****67'. */
  otpSentPhone: string;
  amount: number;
  otp: string;
  onChange: (otp: string) => void;
  /** A message key. */
  error: string | undefined;
  onSubmit: () => void;
  busy: boolean;
  mode: CardGatewayMode | undefined;
}

/** Step 2: the 6-digit code the card's bank texted, naming the (masked) phone it went to. */
export function OtpStep({ otpSentPhone, amount, otp, onChange, error, onSubmit, busy, mode }: OtpStepProps) {
  const { t } = useTranslation('payments');
  const phone = /^\d/.test(otpSentPhone) ? `+${otpSentPhone}` : otpSentPhone;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {mode?.sandbox && mode.otp && (
        <SandboxNotice>
          <p className="tabular-nums">{t('sandbox.otp', { otp: mode.otp })}</p>
        </SandboxNotice>
      )}
      <div className="text-sm text-slate-700">
        <p>{t('otp.sentTo', { phone })}</p>
        <p className="mt-1 font-medium text-slate-900">{t('otp.payment', { amount: formatAmount(amount) })}</p>
      </div>
      <TextField
        label={t('otp.label')}
        value={otp}
        onChange={(typed) => onChange(typed.replace(/\D/g, '').slice(0, LIMITS.cardOtpDigits))}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.cardOtpDigits}
        placeholder={'0'.repeat(LIMITS.cardOtpDigits)}
        data-autofocus
      />
      <SubmitButton busy={busy} busyLabel={t('otp.busy')} fullWidth>
        {t('otp.submit')}
      </SubmitButton>
    </form>
  );
}
