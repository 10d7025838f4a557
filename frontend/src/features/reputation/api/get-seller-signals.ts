import { useQuery } from '@tanstack/react-query';
import type { SellerSignals } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/sellers/{id}`: rating, phones sold through the site, replies, latest reviews. */
export function useSellerSignals(sellerId: string) {
  return useQuery({ queryKey: ['seller-signals', sellerId], queryFn: () => api.get<SellerSignals>(`/sellers/${encodeURIComponent(sellerId)}`) });
}
