import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardPaymentConfirmed, CardPaymentState, ConfirmCardPayment } from '@market/contracts';
import { useSession } from '../../../lib/auth';
import { api } from '../../../lib/api-client';
import { BALANCE_HISTORY_KEY } from './get-balance-history';
import { getCardPaymentState } from './get-card-payment-state';

/** Where a confirmed payment ended: confirmed, failed, pending (Payme gave no outcome; confirm again) or still processing. */
export type CardPaymentOutcome = CardPaymentState['result'];

/** How often a payment Payme is processing is asked about, and for how long before the dialog leaves it to the inbox's notice. */
const FOLLOW_EVERY_MS = 2_000;
const FOLLOW_FOR_MS = 60_000;

/**
 * `POST /api/payments/uzcard/confirmTransaction`: takes the money. The API answers within a few
 * seconds: 'processing' when Payme takes longer, and the payment is then followed until it is
 * final, or for a minute (still 'processing': the balance rises once Payme confirms).
 */
export async function confirmCardPayment(request: ConfirmCardPayment): Promise<CardPaymentOutcome> {
  const { result } = await api.post<CardPaymentConfirmed>('/payments/uzcard/confirmTransaction', request);
  if (result.status !== 'processing') return result;
  const until = Date.now() + FOLLOW_FOR_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_EVERY_MS));
    const { result: state } = await getCardPaymentState(request.transactionId);
    if (state.status !== 'processing' || Date.now() > until) return state;
  }
}

/**
 * The server answers a repeated confirmation with the same amount without crediting it again,
 * so the local balance must rise only once per payment too.
 */
const creditedPayments = new Set<string>();

/** Confirms a card payment; once it is confirmed, raises the balance shown everywhere and refreshes the history. */
export function useConfirmCardPayment() {
  const queryClient = useQueryClient();
  const { addToBalance } = useSession();
  return useMutation({
    mutationFn: confirmCardPayment,
    // Declared here rather than per call, so the balance rises even if the dialog was closed meanwhile.
    onSuccess: (outcome, { transactionId }) => {
      if (outcome.status !== 'confirmed') return;
      if (!creditedPayments.has(transactionId)) {
        creditedPayments.add(transactionId);
        addToBalance(outcome.amount);
      }
      // Not awaited: the dialog shows its success step without waiting for the history.
      void queryClient.invalidateQueries({ queryKey: BALANCE_HISTORY_KEY });
    },
  });
}
