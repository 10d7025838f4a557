import { useMutation } from '@tanstack/react-query';
import type { CardPaymentStarted, CreateCardPayment } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `POST /api/payments/uzcard/createTransaction`: the amount and the card token Payme verified; never the card itself. */
export function createCardPayment(request: CreateCardPayment): Promise<CardPaymentStarted> {
  return api.post<CardPaymentStarted>('/payments/uzcard/createTransaction', request);
}

export function useCreateCardPayment() {
  return useMutation({ mutationFn: createCardPayment });
}
