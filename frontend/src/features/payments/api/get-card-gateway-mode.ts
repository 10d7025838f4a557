import { useQuery } from '@tanstack/react-query';
import type { CardGatewayMode } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/payments/uzcard/mode`: where the dialog sends the card, and whether payments are simulated (with the sandbox's test cards and code). */
export function getCardGatewayMode(): Promise<CardGatewayMode> {
  return api.get<CardGatewayMode>('/payments/uzcard/mode');
}

export function useCardGatewayMode() {
  // The mode is fixed for the server's lifetime.
  return useQuery({ queryKey: ['payments', 'gateway-mode'], queryFn: getCardGatewayMode, staleTime: Infinity });
}
