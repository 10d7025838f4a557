import type { CardPaymentState } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/payments/uzcard/transactions/:transactionId`: where a payment stands, for a confirmation answered 'processing'. */
export function getCardPaymentState(transactionId: string): Promise<CardPaymentState> {
  return api.get<CardPaymentState>(`/payments/uzcard/transactions/${transactionId}`);
}
