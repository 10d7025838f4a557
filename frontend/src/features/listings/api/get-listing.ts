import { useQuery } from '@tanstack/react-query';
import type { ListingDetailResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { LISTINGS_KEY } from './get-listings';

/** `GET /api/phone/{id}`: the detail page's fields (and `owner` for the author); 404 for a listing that is gone or not visible. */
export function getListing(id: string): Promise<ListingDetailResponse> {
  return api.get<ListingDetailResponse>(`/phone/${encodeURIComponent(id)}`);
}

export function useListing(id: string) {
  return useQuery({ queryKey: [...LISTINGS_KEY, 'detail', id], queryFn: () => getListing(id) });
}
