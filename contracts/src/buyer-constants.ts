/*
 * A buyer's choices and limits without the schema library: the home page's 'Qidiruvni saqlash'
 * and the saved searches need them but no schema (see listing-constants.ts). The schemas built
 * on them are in buyers.ts.
 */

/** How many listings a user keeps as favourites, and searches they save, at most. */
export const BUYER_LIMITS = { favouritesPerUser: 200, savedSearchesPerUser: 20, favouritesPerPage: 12 } as const;

/** What became of a kept listing: still on sale, sold (taken off sale) or gone (removed, or back in moderation). */
export const FAVOURITE_STATES = ['onSale', 'sold', 'removed'] as const;
export type FavouriteState = (typeof FAVOURITE_STATES)[number];

/** How a saved search's new listings reach the user through the bot. */
export const SAVED_SEARCH_ALERTS = ['instant', 'daily', 'off'] as const;
export type SavedSearchAlerts = (typeof SAVED_SEARCH_ALERTS)[number];
