import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardPaymentConfirmed, ConfirmCardPayment } from '@market/contracts';
import { useSession } from '../../../lib/auth';
import { api } from '../../../lib/api-client';
import { BALANCE_HISTORY_KEY } from './get-balance-history';

/** `POST /api/payments/uzcard/confirmTransaction`: takes the money; on success the balance rose by `result.amount`. */
export function confirmCardPayment(request: ConfirmCardPayment): Promise<CardPaymentConfirmed> {
  return api.post<CardPaymentConfirmed>('/payments/uzcard/confirmTransaction', request);
}

/**
 * The server answers a repeated confirmation with the same amount without crediting it again,
 * so the local balance must rise only once per payment too.
 */
const creditedPayments = new Set<string>();

/** Confirms a card payment, raises the balance shown everywhere and refreshes the history. */
export function useConfirmCardPayment() {
  const queryClient = useQueryClient();
  const { addToBalance } = useSession();
  return useMutation({
    mutationFn: confirmCardPayment,
    // Declared here rather than per call, so the balance rises even if the dialog was closed meanwhile.
    onSuccess: ({ result }, { transactionId }) => {
      if (!creditedPayments.has(transactionId)) {
        creditedPayments.add(transactionId);
        addToBalance(result.amount);
      }
      // Not awaited: the dialog shows its success step without waiting for the history.
      void queryClient.invalidateQueries({ queryKey: BALANCE_HISTORY_KEY });
    },
  });
}
