import { useState } from 'react';
import { cardPaymentFormSchema, cardPaymentOtpSchema, LIMITS, type CardCheckout } from '@market/contracts';
import type { z } from 'zod';
import { Dialog } from '../../../components/dialog';
import { errorText } from '../../../components/form/form-error';
import { fieldErrorsOf, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useConfirmCardPayment } from '../api/confirm-card-payment';
import { useCreateCardPayment } from '../api/create-card-payment';
import { useCardGatewayMode } from '../api/get-card-gateway-mode';
import { registerCard, verifyCard } from '../api/payme-cards';
import { initialTopUpAmount } from '../format';
import { CardStep, type CardFormValues } from './card-step';
import { MethodStep } from './method-step';
import { OtpStep } from './otp-step';
import { ProcessingStep } from './processing-step';
import { SuccessStep } from './success-step';

export interface PaymentMethodPickerProps {
  open: boolean;
  onClose: () => void;
  /**
   * Called once the payment is confirmed, with the so'm credited. The session's balance (top
   * bar) has already risen and the history is refreshing; the dialog shows its success step
   * until `onClose`.
   */
  onPaid?: (amount: number) => void;
  /** So'm to propose in the amount field (e.g. what a tariff lacks); kept within the top-up limits. */
  suggestedAmount?: number;
}

/** The payment method picker and the card payment dialog (spec sections 2 and 4); render it anywhere. */
export function PaymentMethodPicker({ open, ...flow }: PaymentMethodPickerProps) {
  // Mounted only while open, so every opening starts at the method choice with an empty form.
  return open ? <PaymentFlow {...flow} /> : null;
}

/**
 * The otp step's payment as far as it got: Payme's card token, then `verified` once the code
 * confirmed it, then our `transactionId`; a retry after an error goes on from there.
 */
interface CardPaymentProgress {
  token: string;
  otpSentPhone: string;
  amount: number;
  verified: boolean;
  transactionId?: string;
}

type Step =
  | { name: 'method' }
  | { name: 'card' }
  | ({ name: 'otp' } & CardPaymentProgress)
  | { name: 'done'; amount: number }
  | { name: 'processing' };

const CARD_STEPS = 3;

type CardPayment = z.output<typeof cardPaymentFormSchema>;

/** Statuses after which the payment cannot be confirmed any more: refused by the bank (402), gone (404), expired or locked (410). */
const PAYMENT_OVER = new Set([402, 404, 410]);
/** Payme's refusals of a code after which the card must be entered again. */
const CODE_OVER = new Set(['paymentCodeExpired', 'paymentTooManyAttempts']);

function PaymentFlow({ onClose, onPaid, suggestedAmount }: Omit<PaymentMethodPickerProps, 'open'>) {
  const { t } = useTranslation(['payments', 'messages']);
  const [step, setStep] = useState<Step>({ name: 'method' });
  const form = useZodForm<CardFormValues, CardPayment>(cardPaymentFormSchema, {
    cardNumber: '',
    mmyy: '',
    amount: initialTopUpAmount(suggestedAmount, LIMITS.topUpMinUzs, LIMITS.topUpMaxUzs),
  });
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const mode = useCardGatewayMode().data;
  const creation = useCreateCardPayment();
  const confirmation = useConfirmCardPayment();

  /** Step 1: the card goes from the browser to Payme, which texts the code; our API sees nothing yet. */
  const startPayment = async (checkout: CardCheckout) => {
    const card = form.submit();
    if (!card) return;
    setBusy(true);
    try {
      const { token, phone } = await registerCard(checkout, { number: card.cardNumber, mmyy: form.values.mmyy });
      setOtp('');
      setOtpError(undefined);
      setStep({ name: 'otp', token, otpSentPhone: phone, amount: card.amount, verified: false });
    } catch (error) {
      toast.error(errorText(error));
      if (error instanceof ApiError) form.setErrors(error.fields);
    } finally {
      setBusy(false);
    }
  };

  /** Step 2: the code confirms the card at Payme; our API then receives the verified token and takes the money. */
  const confirmPayment = async (checkout: CardCheckout, progress: CardPaymentProgress) => {
    let current = progress;
    if (!current.verified) {
      const code = cardPaymentOtpSchema.safeParse(otp);
      if (!code.success) {
        setOtpError(fieldErrorsOf(code.error)['']);
        return;
      }
    }
    setBusy(true);
    try {
      if (!current.verified) {
        await verifyCard(checkout, current.token, otp.trim());
        current = { ...current, verified: true };
      }
      const transactionId = current.transactionId ?? (await creation.mutateAsync({ amount: current.amount, cardToken: current.token })).result.transactionId;
      current = { ...current, transactionId };
      // Awaited rather than per-call callbacks: the caller may unmount the picker as soon as the balance rises.
      const outcome = await confirmation.mutateAsync({ transactionId });
      switch (outcome.status) {
        case 'confirmed':
          setStep({ name: 'done', amount: outcome.amount });
          onPaid?.(outcome.amount);
          break;
        case 'processing':
          setStep({ name: 'processing' });
          break;
        case 'failed':
          toast.error(t(`messages:${outcome.reason}`));
          setStep({ name: 'card' });
          break;
        case 'pending':
          // Payme gave no outcome: the same payment may be confirmed again.
          toast.error(t('messages:paymentGatewayTimeout'));
          setStep({ name: 'otp', ...current });
      }
    } catch (error) {
      toast.error(errorText(error));
      const over = error instanceof ApiError && (PAYMENT_OVER.has(error.status) || CODE_OVER.has(error.envelope?.code ?? ''));
      if (over) {
        setStep({ name: 'card' });
        return;
      }
      setStep({ name: 'otp', ...current });
      if (!current.verified) {
        setOtp('');
        setOtpError(error instanceof ApiError ? error.fields.otp : undefined);
      }
    } finally {
      setBusy(false);
    }
  };

  const stepOf = (number: number) => t('dialog.step', { step: number, total: CARD_STEPS });
  const frame = { closeLabel: t('dialog.close'), onClose, size: 'md' } as const;
  const backTo = (previous: Step) => ({ label: t('dialog.back'), onBack: () => setStep(previous) });
  switch (step.name) {
    case 'method':
      return (
        <Dialog {...frame} title={t('methods.title')} contentKey="method">
          <MethodStep onChoose={() => setStep({ name: 'card' })} />
        </Dialog>
      );
    case 'card':
      return (
        <Dialog {...frame} title={t('card.title')} subtitle={stepOf(1)} contentKey="card" back={backTo({ name: 'method' })}>
          <CardStep
            values={form.values}
            errors={form.errors}
            onChange={form.setValue}
            onSubmit={() => mode && void startPayment(mode.checkout)}
            busy={busy || !mode}
            mode={mode}
          />
        </Dialog>
      );
    case 'otp':
      return (
        <Dialog {...frame} title={t('otp.title')} subtitle={stepOf(2)} contentKey="otp" back={backTo({ name: 'card' })}>
          <OtpStep
            otpSentPhone={step.otpSentPhone}
            amount={step.amount}
            otp={otp}
            onChange={(typed) => {
              setOtp(typed);
              setOtpError(undefined);
            }}
            error={otpError}
            onSubmit={() => mode && void confirmPayment(mode.checkout, step)}
            busy={busy}
            mode={mode}
          />
        </Dialog>
      );
    case 'done':
      return (
        <Dialog {...frame} title={t('done.title')} subtitle={stepOf(3)} contentKey="done">
          <SuccessStep amount={step.amount} onDone={onClose} />
        </Dialog>
      );
    case 'processing':
      return (
        <Dialog {...frame} title={t('done.title')} subtitle={stepOf(3)} contentKey="processing">
          <ProcessingStep onDone={onClose} />
        </Dialog>
      );
  }
}
