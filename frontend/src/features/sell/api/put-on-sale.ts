import type { ListingStatus, MessageResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useOptimisticListingChange, type MyListing } from './my-listings-cache';

/** `POST /api/phone/{id}/on-sale`: a listing taken off sale goes back up as approved, or through moderation when it changed meanwhile (`reviewDue`). */
export function putOnSale(id: string): Promise<MessageResponse & { status: ListingStatus }> {
  return api.post(`/phone/${encodeURIComponent(id)}/on-sale`);
}

/** The lifecycle's move for this listing: through moderation only when it changed while off sale. */
export function backOnSale(listing: MyListing): 'onSale' | 'onSaleForReview' {
  return listing.reviewDue ? 'onSaleForReview' : 'onSale';
}

export function usePutOnSale() {
  return useOptimisticListingChange(putOnSale, backOnSale);
}
