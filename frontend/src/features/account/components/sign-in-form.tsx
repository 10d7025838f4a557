import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { authSchema, loginSchema } from '@market/contracts';
import { errorText } from '../../../components/form/form-error';
import { useRetryAfter } from '../../../components/form/use-retry-after';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { SIGN_IN_ACTION, useStartSession } from '../../../lib/auth';
import { formatPhoneNumber } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useSignIn } from '../api/sign-in';
import { useStartSignIn } from '../api/start-sign-in';
import { PhoneStepForm } from './phone-step-form';
import { AuthCard, Notice } from './auth-card';
import { RetryWait } from './retry-wait';
import { SmsNotDelivered } from './sms-not-delivered';

/** What step 1 told: a new account got its password by SMS (201), or the account exists (208). */
type Step1Result = { kind: 'created'; message: string } | { kind: 'exists' } | { kind: 'codeSent' };

/**
 * Spec section 2 and 4: phone first, then the password (or the SMS code). Success starts the
 * session, on which the /login route goes on to the page that asked for sign-in, else /profile.
 */
export function SignInForm() {
  const { t } = useTranslation(['auth', 'messages']);
  const startSession = useStartSession();
  const [step1, setStep1] = useState<Step1Result | null>(null);
  /** When the last password SMS was asked for: a new account's, or a reset's. */
  const [smsSentAt, setSmsSentAt] = useState<number | null>(null);
  const phoneForm = useZodForm(loginSchema, { phoneNumber: '' });
  const passwordForm = useZodForm(authSchema, { phoneNumber: '', password: '' });
  const startSignIn = useStartSignIn();
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset();
  /** A reset refused by the SMS limits: the button waits as long as they asked, counting down. */
  const resetWait = useRetryAfter();

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const body = phoneForm.submit();
    if (!body) return;
    startSignIn.mutate(body, {
      onSuccess: (result) => {
        passwordForm.setValues({ phoneNumber: body.phoneNumber, password: '' });
        setStep1(result.accountCreated ? { kind: 'created', message: result.message[currentLanguage()] } : { kind: 'exists' });
        setSmsSentAt(result.accountCreated ? Date.now() : null);
        toast.clear(SIGN_IN_ACTION);
      },
      onError: (error) => {
        phoneForm.showServerFields(error);
        toast.info(errorText(error), { action: SIGN_IN_ACTION });
      },
    });
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const body = passwordForm.submit();
    if (!body) return;
    signIn.mutate(body, {
      onSuccess: (response) => startSession(response),
      onError: (error) => {
        passwordForm.showServerFields(error);
        toast.info(errorText(error), { action: SIGN_IN_ACTION });
      },
    });
  };

  // Spec section 8: a failed reset request is not shown, the button stays for another try; but one
  // refused by the SMS limits says how long to wait (issue 36), or the button would seem dead.
  const sendResetCode = () =>
    requestReset.mutate(
      { phoneNumber: passwordForm.values.phoneNumber },
      {
        onSuccess: () => {
          toast.success(t('messages:passwordSent'), { action: SIGN_IN_ACTION });
          setStep1({ kind: 'codeSent' });
          setSmsSentAt(Date.now());
        },
        onError: (error) => {
          if (!resetWait.refused(error)) console.error('Password reset request failed', error);
        },
      },
    );

  const footer = (
    <>
      {t('signIn.noAccount')}{' '}
      <Link to="/register" className="font-medium text-brand-700 hover:underline">
        {t('signIn.register')}
      </Link>
    </>
  );

  if (!step1) {
    return (
      <AuthCard title={t('signIn.title')} footer={footer}>
        <PhoneStepForm
          hint={t('signIn.phoneHint')}
          phone={phoneForm.field('phoneNumber')}
          busy={startSignIn.isPending}
          submitLabel={t('continue')}
          onSubmit={submitPhone}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('signIn.title')} footer={footer}>
      {step1.kind === 'created' && <Notice>{step1.message}</Notice>}
      {step1.kind === 'codeSent' && <Notice>{t('signIn.codeAsPassword')}</Notice>}
      <SmsNotDelivered phoneNumber={passwordForm.values.phoneNumber} sentAt={smsSentAt} />
      <form onSubmit={submitPassword} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          {t('signIn.passwordFor', { phone: formatPhoneNumber(passwordForm.values.phoneNumber) })}{' '}
          <button
            type="button"
            onClick={() => setStep1(null)}
            className="font-medium text-brand-700 hover:underline"
          >
            {t('signIn.changeNumber')}
          </button>
        </p>
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          {...passwordForm.field('password')}
          autoFocus
        />
        <SubmitButton busy={signIn.isPending} busyLabel={t('signIn.busy')} fullWidth>
          {t('signIn.submit')}
        </SubmitButton>
      </form>
      {/* The one way to reset, for the number typed: the code sent works as the password (spec section 4). */}
      {step1.kind === 'exists' && (
        <div className="mt-4 flex flex-wrap items-center gap-x-4 text-sm">
          <button
            type="button"
            onClick={sendResetCode}
            disabled={requestReset.isPending || resetWait.secondsLeft > 0}
            className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline disabled:text-slate-400"
          >
            {requestReset.isPending ? t('sending') : t('signIn.forgotPassword')}
          </button>
          <Link to="/forgot" className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
            {t('signIn.resetPassword')}
          </Link>
          <RetryWait seconds={resetWait.secondsLeft} className="w-full" />
        </div>
      )}
    </AuthCard>
  );
}
