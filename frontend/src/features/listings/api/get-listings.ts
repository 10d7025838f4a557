import { useQuery } from '@tanstack/react-query';
import type { ListingPage } from '@market/contracts';
import { api } from '../../../lib/api-client';

/** Every cached listing list and detail; a change to a listing (sell, moderation) invalidates this prefix. */
export const LISTINGS_KEY = ['listings'] as const;

/** `GET /api/phone?<query>`: one page of active listings, promoted first. */
export function getListings(query: string): Promise<ListingPage> {
  return api.get<ListingPage>(`/phone?${query}`);
}

export function useListings(query: string) {
  return useQuery({ queryKey: [...LISTINGS_KEY, 'page', query], queryFn: () => getListings(query) });
}
