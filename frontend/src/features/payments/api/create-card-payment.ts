import { useMutation } from '@tanstack/react-query';
import type { CardPaymentStarted } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** The dialog's step 1 as sent: its fields plus the expiry reordered year then month (spec section 7). */
export interface CardPaymentRequest {
  amount: number;
  /** 16 digits, no spaces. */
  cardNumber: string;
  /** As typed: month then year, 'MMYY'. */
  mmyy: string;
  /** 'YYMM'. */
  expireDate: string;
}

/** `POST /api/payments/uzcard/createTransaction`: the gateway texts a 6-digit code to the card's phone. */
export function createCardPayment(request: CardPaymentRequest): Promise<CardPaymentStarted> {
  return api.post<CardPaymentStarted>('/payments/uzcard/createTransaction', request);
}

export function useCreateCardPayment() {
  return useMutation({ mutationFn: createCardPayment });
}
