import type { ListingStatus } from '@market/contracts';

/** Where the wizard opens: a new listing, a draft at the step it reached, an edit. */
export const ADD_LISTING_PATH = '/profile/phone/add';

export function draftPath(id: string): string {
  return `${ADD_LISTING_PATH}?draft=${encodeURIComponent(id)}`;
}

export function editListingPath(id: string): string {
  return `/profile/phone/edit/${encodeURIComponent(id)}`;
}

/** The search parameters of /profile's tab of `status`: none for 'Faol', the page's own address. */
export function myListingsTab(status: ListingStatus): Record<string, string> {
  return status === 'active' ? {} : { tab: status };
}

/** The seller's listings at the tab of `status`. */
export function myListingsPath(status: ListingStatus): string {
  const query = new URLSearchParams(myListingsTab(status)).toString();
  return query ? `/profile?${query}` : '/profile';
}
