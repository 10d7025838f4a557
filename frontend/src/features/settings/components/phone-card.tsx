import { useState, type FormEvent } from 'react';
import { confirmPhoneSchema, type UserDto } from '@market/contracts';
import { CodeField } from '../../../components/form/code-field';
import { errorText, FormError } from '../../../components/form/form-error';
import { PhoneField } from '../../../components/form/phone-field';
import { ResendCode } from '../../../components/form/resend-code';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSession } from '../../../lib/auth';
import { formatPhoneNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useConfirmPhone } from '../api/confirm-phone';
import { asksCurrentPassword } from '../hooks/profile-changes';
import { useProfileForm } from '../hooks/use-profile-form';
import { SaveButton } from './save-button';
import { SettingsCard } from './settings-card';

const FIELDS = ['phoneNumber'] as const;

/**
 * The phone number (sign-in name). A new number asks for the account's password first (when it
 * has one), and replaces the old one only after the code sent to it is entered: until then the
 * old number keeps working. Once it is confirmed, the account's other sessions end.
 */
export function PhoneCard({ user }: { user: UserDto }) {
  const { t } = useTranslation(['settings', 'messages']);
  const { setUser } = useSession();
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  // Kept until the code is confirmed: asking for the code again sends it again.
  const [currentPassword, setCurrentPassword] = useState('');
  const codeForm = useZodForm(confirmPhoneSchema, { code: '' });
  const confirm = useConfirmPhone();
  const form = useProfileForm(user, FIELDS, {
    alsoSend: (values) => (asksCurrentPassword(user, values.phoneNumber) ? { currentPassword } : {}),
    onSaved: (response) => {
      if (!response.pendingPhoneConfirmation) return void toast.success(t('messages:saved'));
      setCodeSentAt(Date.now());
      toast.info(t('messages:phoneConfirmationSent'));
    },
  });
  const awaitingCode = codeSentAt !== null;
  const asksPassword = asksCurrentPassword(user, form.values.phoneNumber);

  const cancel = () => {
    setCodeSentAt(null);
    setConfirmError(null);
    setCurrentPassword('');
    codeForm.setValues({ code: '' });
    form.setValues({ phoneNumber: user.phoneNumber });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const body = codeForm.submit();
    if (!body) return;
    setConfirmError(null);
    confirm.mutate(
      { id: user._id, code: body.code },
      {
        onSuccess: (updated) => {
          setUser(updated);
          setCodeSentAt(null);
          setCurrentPassword('');
          codeForm.setValues({ code: '' });
          toast.success(t('messages:saved'));
        },
        onError: (error) => setConfirmError(errorText(error)),
      },
    );
  };

  return (
    <SettingsCard title={t('phone.title')} description={t('phone.hint')}>
      <form onSubmit={form.save} noValidate className="space-y-4">
        <PhoneField label={t('phone.label')} {...form.field('phoneNumber')} disabled={awaitingCode} />
        {asksPassword && !awaitingCode && (
          <TextField
            label={t('phone.currentPassword')}
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(value) => {
              setCurrentPassword(value);
              form.clearError('currentPassword');
            }}
            error={form.errors.currentPassword}
          />
        )}
        {!awaitingCode && <SaveButton changed={form.changed} saving={form.saving} />}
      </form>
      <FormError message={form.serverError} />
      {awaitingCode && (
        <div className="mt-4 border-t border-slate-100 pt-4">
          <p role="status" className="mb-3 text-sm text-slate-700">
            {t('phone.codeSent', { phone: formatPhoneNumber(form.values.phoneNumber) })} {t('phone.signsOutElsewhere')}
          </p>
          <form onSubmit={submitCode} noValidate className="space-y-4">
            <CodeField label={t('phone.code')} {...codeForm.field('code')} />
            <div className="flex flex-wrap gap-2">
              <SubmitButton busy={confirm.isPending} busyLabel={t('checking')}>
                {t('phone.confirm')}
              </SubmitButton>
              <button type="button" onClick={cancel} className="rounded-lg px-4 py-3 text-sm font-medium text-slate-700 hover:bg-slate-100">
                {t('phone.cancel')}
              </button>
            </div>
          </form>
          <ResendCode sentAt={codeSentAt} busy={form.saving} onResend={() => form.save()} />
          <FormError message={confirmError} />
        </div>
      )}
    </SettingsCard>
  );
}
