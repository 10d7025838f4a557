/** Local storage key of the last listing opened from the home list (spec section 2, Home). */
const SCROLL_ID_KEY = 'scrollId';

export function rememberOpenedListing(id: string): void {
  localStorage.setItem(SCROLL_ID_KEY, id);
}

export function lastOpenedListing(): string | null {
  return localStorage.getItem(SCROLL_ID_KEY);
}

export function forgetOpenedListing(): void {
  localStorage.removeItem(SCROLL_ID_KEY);
}
