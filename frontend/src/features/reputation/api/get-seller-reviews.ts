import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewPage } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/sellers/{id}/reviews?page=N`: every counted review about the seller, the latest first. */
export function useSellerReviews(sellerId: string, page: number) {
  return useQuery({
    queryKey: ['seller-reviews', sellerId, page],
    queryFn: () => api.get<ReviewPage>(`/sellers/${encodeURIComponent(sellerId)}/reviews?page=${page}`),
    placeholderData: keepPreviousData,
  });
}
