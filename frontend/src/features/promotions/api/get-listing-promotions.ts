import { useQuery } from '@tanstack/react-query';
import type { ListingPromotions } from '@market/contracts';
import { api } from '../../../lib/api-client';

export const listingPromotionsKey = (listingId: string) => ['promotions', 'listing', listingId] as const;

/** `GET /api/phone/{id}/promotions`: the listing's promotions, newest first (its author only). */
export function getListingPromotions(listingId: string): Promise<ListingPromotions> {
  return api.get<ListingPromotions>(`/phone/${listingId}/promotions`);
}

export function useListingPromotions(listingId: string) {
  return useQuery({ queryKey: listingPromotionsKey(listingId), queryFn: () => getListingPromotions(listingId) });
}
