import { useQuery } from '@tanstack/react-query';
import type { PromotionOffers } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/promotions`: the products and their prices in so'm. */
export function getPromotionOffers(): Promise<PromotionOffers> {
  return api.get<PromotionOffers>('/promotions');
}

export function usePromotionOffers() {
  return useQuery({ queryKey: ['promotions', 'offers'], queryFn: getPromotionOffers, staleTime: 60_000 });
}
