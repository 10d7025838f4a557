import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { filtersToQuery, hasActiveFilters, parseFilters, toStoredFilters, type FilterChange, type ListingFilters } from '../filter-query';
import { useFilterStore } from '../stores/filter-store';

export interface ListingFiltersState {
  filters: ListingFilters;
  /** The canonical query string of `filters` (the list's cache key and API query). */
  query: string;
  active: boolean;
  /** Applies a filter change; the list starts again from page 1. */
  change: (change: FilterChange) => void;
  setPage: (page: number) => void;
  clear: () => void;
}

/**
 * The home list's filters, kept in the address bar (spec section 4) so a pasted link shows the
 * same list. Opening '/' without a query string continues with the filters saved under
 * 'queries' (the logo clears them first). Changes update the address without a reload.
 */
export function useListingFilters(): ListingFiltersState {
  const location = useLocation();
  const navigate = useNavigate();
  const storedQuery = useFilterStore((state) => state.query);
  const addressQuery = location.search.replace(/^\?/, '');
  const source = addressQuery || storedQuery;
  const filters = useMemo(() => parseFilters(source), [source]);
  const query = filtersToQuery(filters);

  useEffect(() => {
    if (!addressQuery && storedQuery) void navigate({ search: storedQuery }, { replace: true });
  }, [addressQuery, storedQuery, navigate]);

  // Saved only when the address changes: the logo resets the store just before it leaves for '/',
  // and the old address must not write the old filters back.
  useEffect(() => {
    if (!addressQuery) return;
    const fromAddress = parseFilters(addressQuery);
    const canonical = filtersToQuery(fromAddress);
    // 'null' values, a bad page or unknown parameters: show the address the filters stand for.
    if (canonical !== addressQuery) void navigate({ search: canonical }, { replace: true });
    useFilterStore.getState().save(toStoredFilters(fromAddress));
  }, [addressQuery, navigate]);

  const go = useCallback((next: ListingFilters) => void navigate({ search: filtersToQuery(next) }), [navigate]);
  const change = useCallback((change: FilterChange) => go({ ...filters, ...change, page: 1 }), [go, filters]);
  const setPage = useCallback((page: number) => go({ ...filters, page }), [go, filters]);
  const clear = useCallback(() => go({ page: 1 }), [go]);

  return { filters, query, active: hasActiveFilters(filters), change, setPage, clear };
}
