import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { FavouriteIds, FavouritePage, FavouriteStatus } from '@market/contracts';
import { api } from '../../../lib/api-client';

export const FAVOURITES_KEY = ['favourites'] as const;
const idsKey = [...FAVOURITES_KEY, 'ids'] as const;
const statusKey = (listingId: string) => [...FAVOURITES_KEY, 'status', listingId] as const;
const pageKey = (page: number) => [...FAVOURITES_KEY, 'page', page] as const;

/** `GET /api/user/favourites/ids`: the hearts of the cards, for a signed-in user. */
export function useFavouriteIds(signedIn: boolean) {
  return useQuery({ queryKey: idsKey, queryFn: () => api.get<FavouriteIds>('/user/favourites/ids'), enabled: signedIn, staleTime: 60_000 });
}

/** `GET /api/phone/{id}/favourite`: the detail page's heart, and the count its seller sees. */
export function useFavouriteStatus(listingId: string, enabled: boolean) {
  return useQuery({ queryKey: statusKey(listingId), queryFn: () => api.get<FavouriteStatus>(`/phone/${listingId}/favourite`), enabled });
}

/** `GET /api/user/favourites?page=`. */
export function useFavouritesPage(page: number) {
  return useQuery({ queryKey: pageKey(page), queryFn: () => api.get<FavouritePage>(`/user/favourites?page=${page}`), placeholderData: keepPreviousData });
}

/**
 * `POST` / `DELETE /api/phone/{id}/favourite`; every heart and list shows the change. A plain call,
 * not a useMutation: the heart is on every card of the first pages, and the mutation observer's code
 * (about 1 KB gzipped) would come with them.
 */
export async function toggleFavourite(queryClient: QueryClient, listingId: string, keep: boolean): Promise<void> {
  const status = await (keep ? api.post<FavouriteStatus>(`/phone/${listingId}/favourite`) : api.delete<FavouriteStatus>(`/phone/${listingId}/favourite`));
  // A read that left before this write committed (the page mounting as its visitor signs in) must not overwrite it.
  await queryClient.cancelQueries({ queryKey: FAVOURITES_KEY });
  queryClient.setQueryData(statusKey(listingId), status);
  queryClient.setQueryData<FavouriteIds>(idsKey, (kept) =>
    kept && { ids: status.favourite ? [listingId, ...kept.ids.filter((id) => id !== listingId)] : kept.ids.filter((id) => id !== listingId) },
  );
  // The lists, and any read cancelled before its first answer, are read again.
  void queryClient.invalidateQueries({ queryKey: FAVOURITES_KEY, predicate: (query) => query.queryKey[1] === 'page' || query.state.data === undefined });
}
