import { resetFilters } from './filter-store';
import { forgetOpenedListing } from './scroll-id';

/** What the logo does before going home: a fresh, unfiltered list from the top (spec section 2, Home). */
export function resetBrowsing(): void {
  forgetOpenedListing();
  resetFilters();
}
