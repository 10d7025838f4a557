import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { listingQueryString } from '@market/contracts';
import { hasActiveFilters, parseFilters, toStoredFilters, type FilterChange, type ListingFilters } from '../filter-query';
import { saveFilters } from '../stores/filter-store';

export interface ListingFiltersState {
  filters: ListingFilters;
  /** The canonical query string of `filters` (the list's cache key and API query). */
  query: string;
  active: boolean;
  /** Applies a filter change; the list starts again from page 1. */
  change: (change: FilterChange) => void;
  /** Replaces every filter with these (a brand tile, a suggested model): a fresh list from page 1. */
  startWith: (change: FilterChange) => void;
  setPage: (page: number) => void;
  clear: () => void;
}

/**
 * The home list's filters, kept in the address bar (spec section 4) so a pasted link shows the
 * same list. The address is their only source: '/' is the whole list, never the filters of an
 * earlier visit (issue 19: old filters came back and showed 'mavjud emas'). They are still saved
 * under 'queries', as the spec keeps them. Changes update the address without a reload.
 */
export function useListingFilters(): ListingFiltersState {
  const location = useLocation();
  const navigate = useNavigate();
  const addressQuery = location.search.replace(/^\?/, '');
  const filters = useMemo(() => parseFilters(addressQuery), [addressQuery]);
  const query = listingQueryString(filters);

  // Saved when the address changes, '/' too: what is saved is always what the address shows.
  useEffect(() => {
    const fromAddress = parseFilters(addressQuery);
    const canonical = listingQueryString(fromAddress);
    // 'null' values, a bad page or unknown parameters: show the address the filters stand for ('/' stays as it is).
    if (addressQuery && canonical !== addressQuery) void navigate({ search: canonical }, { replace: true });
    saveFilters(toStoredFilters(fromAddress));
  }, [addressQuery, navigate]);

  const go = useCallback((next: ListingFilters) => void navigate({ search: listingQueryString(next) }), [navigate]);
  const change = useCallback((change: FilterChange) => go({ ...filters, ...change, page: 1 }), [go, filters]);
  const startWith = useCallback((change: FilterChange) => go({ ...change, page: 1 }), [go]);
  const setPage = useCallback((page: number) => go({ ...filters, page }), [go, filters]);
  const clear = useCallback(() => go({ page: 1 }), [go]);

  return { filters, query, active: hasActiveFilters(filters), change, startWith, setPage, clear };
}
