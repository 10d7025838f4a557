import { create } from 'zustand';
import { persist } from 'zustand/middleware';

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

interface FilterStore extends StoredFilters {
  save: (filters: StoredFilters) => void;
  reset: () => void;
}

/** The last filters used, so a return to '/' (a breadcrumb, a link) shows the same list. */
export const useFilterStore = create<FilterStore>()(
  persist(
    (set) => ({
      ...EMPTY_FILTERS,
      save: (filters) => set(filters),
      reset: () => set(EMPTY_FILTERS),
    }),
    {
      name: 'queries',
      partialize: ({ name, brand, region, minPrice, maxPrice, currentPage, query }) => ({
        name,
        brand,
        region,
        minPrice,
        maxPrice,
        currentPage,
        query,
      }),
    },
  ),
);
