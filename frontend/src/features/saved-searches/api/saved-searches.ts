import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchAlerts, SavedSearchList } from '@market/contracts';
import { api } from '../../../lib/api-client';

export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;

/** The home page's filters as the feed's address carries them: text, only those that are set. */
export type SearchFilters = Record<string, string | number | boolean | undefined>;

/** `GET /api/user/saved-searches`. */
export function useSavedSearches() {
  return useQuery({ queryKey: SAVED_SEARCHES_KEY, queryFn: () => api.get<SavedSearchList>('/user/saved-searches') });
}

function useSavedSearchesChange<Input>(change: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }) });
}

/** `POST /api/user/saved-searches { query }`: the feed's filters without the page. */
export function useSaveSearch() {
  return useSavedSearchesChange((filters: SearchFilters) => {
    const query = Object.fromEntries(
      Object.entries(filters)
        .filter(([key, value]) => key !== 'page' && value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    );
    return api.post<SavedSearch>('/user/saved-searches', { query });
  });
}

/** `POST /api/user/saved-searches/{id}/open`: its new listings are seen. */
export function useOpenSavedSearch() {
  return useSavedSearchesChange((id: string) => api.post<SavedSearch>(`/user/saved-searches/${id}/open`));
}

/** `PUT /api/user/saved-searches/{id} { alerts }`. */
export function useSetSearchAlerts() {
  return useSavedSearchesChange(({ id, alerts }: { id: string; alerts: SavedSearchAlerts }) => api.put<SavedSearch>(`/user/saved-searches/${id}`, { alerts }));
}

/** `DELETE /api/user/saved-searches/{id}`. */
export function useDeleteSavedSearch() {
  return useSavedSearchesChange((id: string) => api.delete<void>(`/user/saved-searches/${id}`));
}
