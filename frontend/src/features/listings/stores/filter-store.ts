import { writeStoredState } from '../../../lib/stored-state';

/** The home page's filters as the spec's local storage key 'queries' holds them (section 3, Filter state). */
export interface StoredFilters {
  name: string | null;
  brand: string | null;
  region: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  currentPage: number;
  /** The query string the list was last shown with, without '?'. */
  query: string;
}

export const EMPTY_FILTERS: StoredFilters = {
  name: null,
  brand: null,
  region: null,
  minPrice: null,
  maxPrice: null,
  currentPage: 1,
  query: '',
};

const STORAGE_KEY = 'queries';

/** Saves the last filters used, as the spec keeps them (the address stays their only source: useListingFilters). */
export function saveFilters(filters: StoredFilters): void {
  writeStoredState(STORAGE_KEY, filters);
}

export function resetFilters(): void {
  writeStoredState(STORAGE_KEY, EMPTY_FILTERS);
}
