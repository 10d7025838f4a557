import type { FormEvent, ReactNode } from 'react';
import { PhoneField } from '../../../components/form/phone-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useTranslation } from '../../../lib/i18n';
import { RetryWait } from './retry-wait';

interface PhoneStepFormProps {
  hint: ReactNode;
  /** The phone number's field of the step's form (`form.field('phoneNumber')`). */
  phone: { value: string; onChange: (digits: string) => void; error?: string };
  busy: boolean;
  /** Seconds the SMS limits asked to wait before the next try: the button waits, counting them down. */
  waitSeconds?: number;
  submitLabel: ReactNode;
  onSubmit: (event: FormEvent) => void;
}

/** The first step of sign-in and of the reset flow: a phone number and one button. */
export function PhoneStepForm({ hint, phone, busy, waitSeconds = 0, submitLabel, onSubmit }: PhoneStepFormProps) {
  const { t } = useTranslation('auth');
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{hint}</p>
      <PhoneField label={t('fields.phone')} {...phone} autoFocus />
      <SubmitButton busy={busy} busyLabel={t('sending')} disabled={waitSeconds > 0} fullWidth>
        {submitLabel}
      </SubmitButton>
      <RetryWait seconds={waitSeconds} />
    </form>
  );
}
