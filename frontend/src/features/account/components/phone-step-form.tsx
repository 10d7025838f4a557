import type { FormEvent, ReactNode } from 'react';
import { PhoneField } from '../../../components/form/phone-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useTranslation } from '../../../lib/i18n';

interface PhoneStepFormProps {
  hint: ReactNode;
  phoneNumber: string;
  onPhoneNumberChange: (digits: string) => void;
  error?: string;
  busy: boolean;
  submitLabel: ReactNode;
  onSubmit: (event: FormEvent) => void;
}

/** The first step of sign-in and of the reset flow: a phone number and one button. */
export function PhoneStepForm({ hint, phoneNumber, onPhoneNumberChange, error, busy, submitLabel, onSubmit }: PhoneStepFormProps) {
  const { t } = useTranslation('auth');
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{hint}</p>
      <PhoneField label={t('fields.phone')} value={phoneNumber} onChange={onPhoneNumberChange} error={error} autoFocus />
      <SubmitButton busy={busy} busyLabel={t('sending')} fullWidth>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
