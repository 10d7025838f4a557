import { useQuery } from '@tanstack/react-query';
import type { DealPage } from '@market/contracts';
import { api } from '../../../lib/api-client';

export const DEALS_KEY = ['deals'] as const;

/** `GET /api/deals`: my deals as seller and buyer. */
export function useDeals() {
  return useQuery({ queryKey: DEALS_KEY, queryFn: () => api.get<DealPage>('/deals?page=1') });
}
