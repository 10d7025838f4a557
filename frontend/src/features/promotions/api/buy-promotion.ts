import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionBought, PromotionPurchase } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { listingPromotionsKey } from './get-listing-promotions';

/** `POST /api/phone/{id}/promotions`: charged from the balance; 402 promotionBalanceShort with the `shortfall` when it is short. */
export function buyPromotion(listingId: string, purchase: PromotionPurchase): Promise<PromotionBought> {
  return api.post<PromotionBought>(`/phone/${listingId}/promotions`, purchase);
}

export function useBuyPromotion(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchase: PromotionPurchase) => buyPromotion(listingId, purchase),
    // The listing's promotions, and every list it appears in (a lift moved it, TOP marks it).
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: listingPromotionsKey(listingId) }), queryClient.invalidateQueries({ queryKey: ['payments'] })]),
  });
}
