import type { MessageResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useOptimisticListingChange } from './my-listings-cache';

/** `DELETE /api/phone/{id}`: the listing leaves every list. */
export function deleteListing(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/phone/${encodeURIComponent(id)}`);
}

/** The card hides at once and comes back if the call fails. */
export function useDeleteListing() {
  return useOptimisticListingChange(deleteListing, 'delete');
}
