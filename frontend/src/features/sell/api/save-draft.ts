import type { ListingDraftFormInput, ListingDraftSaved } from '@market/contracts';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/phone/draft` the first time (under the id the wizard chose, so that a resent first save
 * keeps one draft), `PUT /api/phone/draft/{id}` after: the wizard as the seller left it.
 */
export function saveDraft(draftId: string | null, newListingId: string, form: ListingDraftFormInput): Promise<ListingDraftSaved> {
  return draftId
    ? api.put<ListingDraftSaved>(`/phone/draft/${encodeURIComponent(draftId)}`, form)
    : api.post<ListingDraftSaved>('/phone/draft', { ...form, id: newListingId });
}
