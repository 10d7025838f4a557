import type { ListingStatus, MessageResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useOptimisticListingChange } from './my-listings-cache';

/** `POST /api/phone/{id}/off-sale`: an active listing becomes `noActive`. */
export function takeOffSale(id: string): Promise<MessageResponse & { status: ListingStatus }> {
  return api.post(`/phone/${encodeURIComponent(id)}/off-sale`);
}

export function useTakeOffSale() {
  return useOptimisticListingChange(takeOffSale, 'offSale');
}
