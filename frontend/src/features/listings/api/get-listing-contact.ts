import { useMutation } from '@tanstack/react-query';
import type { ListingContact } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/phone/{id}/contact`: the seller's number and Telegram username; counted and rate-limited per visitor. */
export function getListingContact(id: string): Promise<ListingContact> {
  return api.get<ListingContact>(`/phone/${encodeURIComponent(id)}/contact`);
}

/** A mutation, not a query: each call is a counted reveal, so it runs only when the visitor asks. */
export function useRevealContact(id: string) {
  return useMutation({ mutationFn: () => getListingContact(id) });
}
