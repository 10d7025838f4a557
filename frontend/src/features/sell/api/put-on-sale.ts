import type { ListingStatus, MessageResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useOptimisticListingChange } from './my-listings-cache';

/** `POST /api/phone/{id}/on-sale`: a listing taken off sale goes back up, through moderation again (`waiting`). */
export function putOnSale(id: string): Promise<MessageResponse & { status: ListingStatus }> {
  return api.post(`/phone/${encodeURIComponent(id)}/on-sale`);
}

export function usePutOnSale() {
  return useOptimisticListingChange(putOnSale, 'onSale');
}
