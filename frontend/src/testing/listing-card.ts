import type { ListingCard } from '@market/contracts';

/** A listing card as the feed, the seller's tabs and the moderation queue answer it, for tests of what the pages do with it. */
export function listingCard(id: string, change: Partial<ListingCard> = {}): ListingCard {
  return {
    _id: id,
    name: `Phone ${id}`,
    price: 1_000_000,
    valut: 'uzs',
    region: 'toshkent',
    createdAt: '2024-05-01T10:00:00.000Z',
    tarif: 0,
    status: 'waiting',
    image: null,
    grade: null,
    battery: null,
    seller: { _id: '00000000-0000-4000-8000-000000000001', name: 'Sardor' },
    ...change,
  };
}
