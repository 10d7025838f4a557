import type { ListingFormInput, ListingSaved } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `POST /api/phone`: posts the listing (finishing the draft when `draftId` is given) and charges the tariff. */
export function createListing(form: ListingFormInput): Promise<ListingSaved> {
  return api.post<ListingSaved>('/phone', form);
}
