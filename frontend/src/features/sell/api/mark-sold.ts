import type { ListingStatus, MarkSold, MessageResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useOptimisticListingChange } from './my-listings-cache';

/** `POST /api/phone/{id}/sold`: the listing goes off sale for good; what it sold for feeds the price guide. */
export function markSold({ id, ...sale }: MarkSold & { id: string }): Promise<MessageResponse & { status: ListingStatus }> {
  return api.post(`/phone/${encodeURIComponent(id)}/sold`, sale);
}

export function useMarkSold() {
  return useOptimisticListingChange(markSold, 'markSold');
}
