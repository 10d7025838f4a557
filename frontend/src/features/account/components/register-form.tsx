import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { registerConfirmSchema, registerSchema, type RegisterRequest } from '@market/contracts';
import { CodeField } from '../../../components/form/code-field';
import { FieldError } from '../../../components/form/field-error';
import { errorText } from '../../../components/form/form-error';
import { PhoneField } from '../../../components/form/phone-field';
import { primaryButtonClass, SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { SIGN_IN_ACTION, useSession, useStartSession } from '../../../lib/auth';
import { formatPhoneNumber } from '../../../lib/format';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useConfirmRegistration } from '../api/confirm-registration';
import { useRegister } from '../api/register';
import { AuthCard, Notice } from './auth-card';
import { ResendCode } from '../../../components/form/resend-code';

type Stage =
  | { name: 'details' }
  /** `sentBefore`: the server's words when another device was sent a code for the number too. */
  | { name: 'code'; body: RegisterRequest; codeSentAt: number; sentBefore: string | null }
  | { name: 'done'; message: string };

/** `/register`: details, then the 5-digit code sent to the phone, then the congratulation. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const [stage, setStage] = useState<Stage>({ name: 'details' });
  const agreeId = useId();
  const details = useZodForm(registerSchema, { name: '', phoneNumber: '', password: '', confirmPassword: '', agree: false });
  const codeForm = useZodForm(registerConfirmSchema, { phoneNumber: '', code: '' });
  const register = useRegister();
  const confirm = useConfirmRegistration();
  const startSession = useStartSession();
  const { user, loading } = useSession();

  const sendCode = (body: RegisterRequest) =>
    register.mutate(body, {
      onSuccess: (response) => {
        codeForm.setValues({ phoneNumber: body.phoneNumber, code: '' });
        const sentBefore = response.codeSentBefore ? response.message[currentLanguage()] : null;
        setStage({ name: 'code', body, codeSentAt: Date.now(), sentBefore });
      },
      onError: (error) => {
        details.showServerFields(error);
        toast.error(errorText(error), { action: SIGN_IN_ACTION });
      },
    });

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    const body = details.submit();
    if (body) sendCode(body);
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const body = codeForm.submit();
    if (!body) return;
    confirm.mutate(body, {
      onSuccess: (response) => {
        // The congratulation first: a signed-in user is otherwise sent on to /profile.
        setStage({ name: 'done', message: response.message[currentLanguage()] });
        startSession(response, { announce: false });
      },
      onError: (error) => toast.error(errorText(error), { action: SIGN_IN_ACTION }),
    });
  };

  // A browser already signed in has nothing to register; one that has just registered sees the congratulation.
  if (loading) return null;
  if (user && stage.name !== 'done') return <Navigate to="/profile" replace />;

  if (stage.name === 'done') {
    return (
      <AuthCard title={t('register.title')}>
        <p role="status" className="mb-6 text-lg font-medium text-brand-800">
          {stage.message}
        </p>
        <Link to="/profile" className={`${primaryButtonClass} block text-center`}>
          {t('register.toProfile')}
        </Link>
      </AuthCard>
    );
  }

  const footer = (
    <>
      {t('register.haveAccount')}{' '}
      <Link to="/login" className="font-medium text-brand-700 hover:underline">
        {t('register.signIn')}
      </Link>
    </>
  );

  if (stage.name === 'code') {
    return (
      <AuthCard title={t('register.title')} footer={footer}>
        <Notice>{stage.sentBefore ?? t('code.sentTo', { phone: formatPhoneNumber(stage.body.phoneNumber) })}</Notice>
        <form onSubmit={submitCode} noValidate className="space-y-4">
          <CodeField label={t('fields.code')} {...codeForm.field('code')} />
          <SubmitButton busy={confirm.isPending} busyLabel={t('checking')} fullWidth>
            {t('register.confirm')}
          </SubmitButton>
        </form>
        <ResendCode
          sentAt={stage.codeSentAt}
          busy={register.isPending}
          onResend={() => sendCode(stage.body)}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} footer={footer}>
      <form onSubmit={submitDetails} noValidate className="space-y-4">
        <TextField
          label={t('fields.name')}
          autoComplete="name"
          {...details.field('name')}
          autoFocus
        />
        <PhoneField label={t('fields.phone')} {...details.field('phoneNumber')} />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          {...details.field('password')}
        />
        <TextField
          label={t('fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...details.field('confirmPassword')}
        />
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={details.values.agree === true}
              onChange={(event) => details.setValue('agree', event.target.checked)}
              aria-invalid={details.errors.agree ? true : undefined}
              aria-describedby={details.errors.agree ? agreeId : undefined}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            {t('register.agree')}
          </label>
          {/* Beside the form rather than instead of it: what was typed stays. */}
          <Link to="/terms" target="_blank" className="mt-1 ml-6 inline-block text-sm font-medium text-brand-700 underline hover:text-brand-800">
            {t('register.terms')}
          </Link>
          <FieldError id={agreeId} messageKey={details.errors.agree} />
        </div>
        <SubmitButton busy={register.isPending} busyLabel={t('sending')} fullWidth>
          {t('register.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
