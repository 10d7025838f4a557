/** A listing a visitor tapped the heart of before signing in: kept for them once they are signed in. */
const PENDING_FAVOURITE_KEY = 'pendingFavourite';

export function rememberPendingFavourite(listingId: string): void {
  sessionStorage.setItem(PENDING_FAVOURITE_KEY, listingId);
}

export function takePendingFavourite(): string | null {
  const listingId = sessionStorage.getItem(PENDING_FAVOURITE_KEY);
  sessionStorage.removeItem(PENDING_FAVOURITE_KEY);
  return listingId;
}
