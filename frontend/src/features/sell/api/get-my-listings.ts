import { useQuery } from '@tanstack/react-query';
import type { MyListings } from '@market/contracts';
import { api } from '../../../lib/api-client';

/**
 * Under the listings prefix ['listings'] on purpose: any change that invalidates the listings
 * (a moderation decision, a new listing) refreshes this page too.
 */
export const MY_LISTINGS_KEY = ['listings', 'my'] as const;

/** `GET /api/phone/my`: every listing of the seller, drafts too, and how many each status has. */
export function getMyListings(): Promise<MyListings> {
  return api.get<MyListings>('/phone/my');
}

export function useMyListings() {
  return useQuery({ queryKey: MY_LISTINGS_KEY, queryFn: getMyListings });
}
