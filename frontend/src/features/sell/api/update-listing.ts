import type { ListingFormInput, ListingSaved } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `PUT /api/phone/{id}`: the author's edit; an active or cancelled listing goes back to moderation. */
export function updateListing(id: string, form: ListingFormInput): Promise<ListingSaved> {
  return api.put<ListingSaved>(`/phone/${encodeURIComponent(id)}`, form);
}
