import { useState } from 'react';
import { cardPaymentFormSchema, confirmCardPaymentSchema, LIMITS, type CardPaymentConfirmed } from '@market/contracts';
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
import { initialTopUpAmount } from '../format';
import { CardStep, type CardFormValues } from './card-step';
import { MethodStep } from './method-step';
import { OtpStep } from './otp-step';
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

type Step =
  | { name: 'method' }
  | { name: 'card' }
  | { name: 'otp'; transactionId: string; otpSentPhone: string; amount: number }
  | { name: 'done'; amount: number };

const CARD_STEPS = 3;

type CardPayment = z.output<typeof cardPaymentFormSchema>;

/** Statuses after which the payment cannot be confirmed any more: refused by the bank (402), gone (404), expired or locked (410). */
const PAYMENT_OVER = new Set([402, 404, 410]);

/** The server names the expiry `expireDate`; the form calls its input `mmyy`. */
function cardFieldErrors(error: unknown): Partial<Record<keyof CardFormValues, string>> {
  if (!(error instanceof ApiError)) return {};
  const { expireDate, ...fields } = error.fields;
  return { ...fields, ...(expireDate ? { mmyy: expireDate } : {}) };
}

function PaymentFlow({ onClose, onPaid, suggestedAmount }: Omit<PaymentMethodPickerProps, 'open'>) {
  const { t } = useTranslation('payments');
  const [step, setStep] = useState<Step>({ name: 'method' });
  const form = useZodForm<CardFormValues, CardPayment>(cardPaymentFormSchema, {
    cardNumber: '',
    mmyy: '',
    amount: initialTopUpAmount(suggestedAmount, LIMITS.topUpMinUzs, LIMITS.topUpMaxUzs),
  });
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string>();
  const mode = useCardGatewayMode().data;
  const creation = useCreateCardPayment();
  const confirmation = useConfirmCardPayment();

  const startPayment = () => {
    const card = form.submit();
    if (!card) return;
    // The schema has reordered the typed month and year into the API's 'YYMM'.
    const { cardNumber, mmyy: expireDate, amount } = card;
    creation.mutate(
      { amount, cardNumber, mmyy: form.values.mmyy, expireDate },
      {
        onSuccess: ({ result }) => {
          setOtp('');
          setOtpError(undefined);
          setStep({ name: 'otp', ...result, amount });
        },
        onError: (error) => {
          toast.error(errorText(error, t));
          form.setErrors(cardFieldErrors(error));
        },
      },
    );
  };

  const confirmPayment = async (transactionId: string) => {
    const request = confirmCardPaymentSchema.safeParse({ transactionId, otp });
    if (!request.success) {
      setOtpError(fieldErrorsOf(request.error).otp);
      return;
    }
    let confirmed: CardPaymentConfirmed;
    try {
      // Awaited rather than per-call callbacks: the caller may unmount the picker as soon as the balance rises.
      confirmed = await confirmation.mutateAsync(request.data);
    } catch (error) {
      toast.error(errorText(error, t));
      if (error instanceof ApiError && PAYMENT_OVER.has(error.status)) {
        setStep({ name: 'card' });
        return;
      }
      setOtp('');
      setOtpError(error instanceof ApiError ? error.fields.otp : undefined);
      return;
    }
    const { amount } = confirmed.result;
    setStep({ name: 'done', amount });
    onPaid?.(amount);
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
            onSubmit={startPayment}
            busy={creation.isPending}
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
            onSubmit={() => void confirmPayment(step.transactionId)}
            busy={confirmation.isPending}
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
  }
}
