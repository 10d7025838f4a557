import type { ListingDetailResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/phone/{id}`: for the author, `owner.form` holds the wizard's values and the step a draft reached. */
export function getListingForWizard(id: string): Promise<ListingDetailResponse> {
  return api.get<ListingDetailResponse>(`/phone/${encodeURIComponent(id)}`);
}
