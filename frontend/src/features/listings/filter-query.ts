import { LISTING_FILTER_PARAMETERS, listingQueryString, parseListingQuery, type ListingQuery } from '@market/contracts';
import type { StoredFilters } from './stores/filter-store';

/** The filters of the home list; `page` is 1 or more, `sort` newest unless asked, the others are undefined when cleared. */
export type ListingFilters = Pick<ListingQuery, 'page'> & Partial<Omit<ListingQuery, 'page'>>;
export type FilterChange = Partial<Omit<ListingFilters, 'page'>>;

/** Reads an address bar query string the way the API does: 'null', '' and junk mean cleared, page defaults to 1. */
export function parseFilters(search: string): ListingFilters {
  return parseListingQuery(Object.fromEntries(new URLSearchParams(search)));
}

export function hasActiveFilters(filters: ListingFilters): boolean {
  return LISTING_FILTER_PARAMETERS.some((key) => filters[key] !== undefined);
}

/** How many filters the drawer holds are set (all but the name, which the search bar shows), the order included. */
export function drawerFilterCount(filters: ListingFilters): number {
  const set = LISTING_FILTER_PARAMETERS.filter((key) => key !== 'name' && filters[key] !== undefined).length;
  return set + (filters.sort && filters.sort !== 'newest' ? 1 : 0);
}

/** The filters as the 'queries' local storage entry keeps them. */
export function toStoredFilters(filters: ListingFilters): StoredFilters {
  return {
    name: filters.name ?? null,
    brand: filters.brand ?? null,
    region: filters.region ?? null,
    minPrice: filters.minPrice ?? null,
    maxPrice: filters.maxPrice ?? null,
    currentPage: filters.page,
    query: listingQueryString(filters),
  };
}
