/** Where the wizard opens: a new listing, a draft at the step it reached, an edit. */
export const ADD_LISTING_PATH = '/profile/phone/add';

export function draftPath(id: string): string {
  return `${ADD_LISTING_PATH}?draft=${encodeURIComponent(id)}`;
}

export function editListingPath(id: string): string {
  return `/profile/phone/edit/${encodeURIComponent(id)}`;
}
