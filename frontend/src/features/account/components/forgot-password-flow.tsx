import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { checkSmsCodeSchema, resetPasswordSchema, resetPasswordWithTokenSchema } from '@market/contracts';
import { CodeField } from '../../../components/form/code-field';
import { errorText } from '../../../components/form/form-error';
import { primaryButtonClass, SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useRetryAfter } from '../../../components/form/use-retry-after';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatPhoneNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCheckSmsCode } from '../api/check-sms-code';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useResetPasswordWithToken } from '../api/reset-password-with-token';
import { PhoneStepForm } from './phone-step-form';
import { AuthCard, Notice } from './auth-card';
import { SmsNotDelivered } from './sms-not-delivered';
import { ResendCode } from '../../../components/form/resend-code';

const STEPS = 4;
type Step = 1 | 2 | 3 | 4;
/** The notices' action: each step passed takes the failures still on screen away. */
const RESET = 'password-reset';

/** `/forgot` (spec section 2): phone, the 5-digit SMS code, the new password, done. */
export function ForgotPasswordFlow() {
  const { t } = useTranslation(['auth', 'messages']);
  const [step, setStep] = useState<Step>(1);
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const phoneForm = useZodForm(resetPasswordSchema, { phoneNumber: '' });
  const codeForm = useZodForm(checkSmsCodeSchema, { phoneNumber: '', code: '' });
  const passwordForm = useZodForm(resetPasswordWithTokenSchema, { phoneNumber: '', token: '', password: '', confirmPassword: '' });
  const requestReset = useRequestPasswordReset();
  const checkCode = useCheckSmsCode();
  const resetPassword = useResetPasswordWithToken();
  /** A code refused by the SMS limits (asked for again within 2:00): sending waits as long as they asked, counting down (issue 36). */
  const sendWait = useRetryAfter();

  const sendCode = (phoneNumber: string) =>
    requestReset.mutate(
      { phoneNumber },
      {
        onSuccess: () => {
          codeForm.setValues({ phoneNumber, code: '' });
          setCodeSentAt(Date.now());
          setStep(2);
          toast.clear(RESET);
        },
        onError: (error) => {
          if (sendWait.refused(error)) return;
          phoneForm.showServerFields(error);
          toast.error(errorText(error), { action: RESET });
        },
      },
    );

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const body = phoneForm.submit();
    if (body) sendCode(body.phoneNumber);
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const body = codeForm.submit();
    if (!body) return;
    checkCode.mutate(body, {
      onSuccess: ({ token }) => {
        passwordForm.setValues({ phoneNumber: body.phoneNumber, token, password: '', confirmPassword: '' });
        setStep(3);
        toast.clear(RESET);
      },
      onError: (error) => toast.error(errorText(error), { action: RESET }),
    });
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const body = passwordForm.submit();
    if (!body) return;
    resetPassword.mutate(body, {
      onSuccess: () => {
        toast.success(t('messages:passwordUpdated'), { action: RESET });
        setStep(4);
      },
      onError: (error) => toast.error(errorText(error), { action: RESET }),
    });
  };

  return (
    <AuthCard
      title={t('forgot.title')}
      footer={
        step < 4 && (
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            {t('forgot.backToLogin')}
          </Link>
        )
      }
    >
      <p className="mb-4 text-xs font-medium uppercase tracking-wide text-slate-500">{t('forgot.step', { step, total: STEPS })}</p>

      {step === 1 && (
        <PhoneStepForm
          hint={t('forgot.phoneHint')}
          phone={phoneForm.field('phoneNumber')}
          busy={requestReset.isPending}
          waitSeconds={sendWait.secondsLeft}
          submitLabel={t('forgot.sendCode')}
          onSubmit={submitPhone}
        />
      )}

      {step === 2 && (
        <>
          <Notice>{t('code.sentTo', { phone: formatPhoneNumber(codeForm.values.phoneNumber) })}</Notice>
          <SmsNotDelivered phoneNumber={codeForm.values.phoneNumber} sentAt={codeSentAt} />
          <form onSubmit={submitCode} noValidate className="space-y-4">
            <CodeField label={t('fields.code')} {...codeForm.field('code')} />
            <SubmitButton busy={checkCode.isPending} busyLabel={t('checking')} fullWidth>
              {t('continue')}
            </SubmitButton>
          </form>
          <ResendCode sentAt={codeSentAt} waitSeconds={sendWait.secondsLeft} busy={requestReset.isPending} onResend={() => sendCode(codeForm.values.phoneNumber)} />
        </>
      )}

      {step === 3 && (
        <form onSubmit={submitPassword} noValidate className="space-y-4">
          <TextField
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            {...passwordForm.field('password')}
            autoFocus
          />
          <TextField
            label={t('fields.confirmPassword')}
            type="password"
            autoComplete="new-password"
            {...passwordForm.field('confirmPassword')}
          />
          <SubmitButton busy={resetPassword.isPending} busyLabel={t('saving')} fullWidth>
            {t('forgot.save')}
          </SubmitButton>
        </form>
      )}

      {step === 4 && (
        <>
          <p role="status" className="mb-2 text-lg font-medium text-brand-800">
            {t('messages:passwordUpdated')}
          </p>
          <p className="mb-6 text-sm text-slate-600">{t('forgot.doneHint')}</p>
          <Link to="/login" className={`${primaryButtonClass} block text-center`}>
            {t('forgot.toLogin')}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
