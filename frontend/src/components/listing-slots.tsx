import { createContext, useContext, type ReactNode } from 'react';
import type { ListingDetail } from '@market/contracts';

/** What other features add to a listing's card and detail page (e.g. the favourites' heart), by listing id. */
export interface ListingSlots {
  /** On a card's corner. */
  card?: (listingId: string) => ReactNode;
  /** Beside the detail page's price. */
  detail?: (listing: ListingDetail) => ReactNode;
  /** Beside the call button, for a signed-in visitor who is not the seller (writing to the seller). */
  contact?: (listing: ListingDetail) => ReactNode;
  /** Under the seller's panel: what a buyer can trust about the seller (rating, sales, replies, reviews). */
  seller?: (listing: ListingDetail) => ReactNode;
}

const ListingSlotsContext = createContext<ListingSlots>({});

/** The app fills the slots: the listings feature shows them without importing the features that fill them. */
export const ListingSlotsProvider = ListingSlotsContext.Provider;

export function useListingSlots(): ListingSlots {
  return useContext(ListingSlotsContext);
}
