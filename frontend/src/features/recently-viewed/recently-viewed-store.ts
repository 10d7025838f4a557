import type { ListingCard, ListingDetail } from '@market/contracts';

/** Local storage key of the listings this browser opened, newest first. */
const RECENTLY_VIEWED_KEY = 'recentlyViewed';
export const RECENTLY_VIEWED_KEPT = 20;

export function recentlyViewed(): ListingCard[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as ListingCard[]).slice(0, RECENTLY_VIEWED_KEPT) : [];
  } catch {
    // A hand-edited or foreign entry: start afresh rather than fail the home page.
    return [];
  }
}

/** Puts an opened listing first, as a card (its first photo), keeping the last RECENTLY_VIEWED_KEPT. */
export function rememberViewed(listing: ListingDetail): void {
  const photo = listing.images[0];
  const card: ListingCard = {
    _id: listing._id,
    name: listing.name,
    price: listing.price,
    valut: listing.valut,
    region: listing.region,
    createdAt: listing.createdAt,
    tarif: listing.tarif,
    status: listing.status,
    image: photo ? { _id: photo._id, key: photo.key, location: photo.location } : null,
    grade: listing.grade,
    battery: listing.battery,
    seller: { _id: listing.author._id, name: listing.authorName },
  };
  const kept = [card, ...recentlyViewed().filter((viewed) => viewed._id !== listing._id)].slice(0, RECENTLY_VIEWED_KEPT);
  localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(kept));
}
