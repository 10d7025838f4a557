import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SellerPage } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/seller/{id}?page=`. */
export function useSeller(sellerId: string, page: number) {
  return useQuery({
    queryKey: ['seller', sellerId, page],
    queryFn: () => api.get<SellerPage>(`/seller/${sellerId}?page=${page}`),
    placeholderData: keepPreviousData,
  });
}
