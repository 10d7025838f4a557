import { z } from 'zod';
import { FAVOURITE_STATES, SAVED_SEARCH_ALERTS } from './buyer-constants';
import { listingCardSchema, listingQuerySchema } from './listing';

/** `GET /api/user/favourites?page=`: newest kept first. */
export const favouritePageSchema = z.object({
  favourites: z.array(
    z.object({
      listing: listingCardSchema,
      state: z.enum(FAVOURITE_STATES),
      keptAt: z.string(),
      /** The price when kept, while the listing is cheaper now (in its own currency): the card strikes it through. */
      priceBefore: z.number().int().nullable(),
    }),
  ),
  pages: z.number().int().nonnegative(),
});
export type FavouritePage = z.infer<typeof favouritePageSchema>;

/** `GET /api/user/favourites/ids`: every listing the user keeps, for the hearts on cards. */
export const favouriteIdsSchema = z.object({ ids: z.array(z.uuid()) });
export type FavouriteIds = z.infer<typeof favouriteIdsSchema>;

/** `GET /api/phone/{id}/favourite`: whether the viewer keeps it; how many keep it, for its seller only. */
export const favouriteStatusSchema = z.object({ favourite: z.boolean(), count: z.number().int().nonnegative().nullable() });
export type FavouriteStatus = z.infer<typeof favouriteStatusSchema>;

/** A saved search's filters: the feed's query (`GET /api/phone`) without its page. */
export const savedSearchQuerySchema = listingQuerySchema.omit({ page: true });
export type SavedSearchQuery = z.infer<typeof savedSearchQuerySchema>;

/** `POST /api/user/saved-searches`. */
export const savedSearchCreateSchema = z.object({ query: savedSearchQuerySchema, alerts: z.enum(SAVED_SEARCH_ALERTS).default('instant') });
export type SavedSearchCreate = z.infer<typeof savedSearchCreateSchema>;

/** `PUT /api/user/saved-searches/{id}`: the alerts choice. */
export const savedSearchAlertsSchema = z.object({ alerts: z.enum(SAVED_SEARCH_ALERTS) });
export type SavedSearchAlertsChange = z.infer<typeof savedSearchAlertsSchema>;

/** A saved search with the number of listings that matched it since the user last opened it. */
export const savedSearchSchema = z.object({
  _id: z.uuid(),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  alerts: z.enum(SAVED_SEARCH_ALERTS),
  newListings: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.object({ searches: z.array(savedSearchSchema) });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/** `GET /api/user/favourites?page=` and `GET /api/seller/{id}?page=`: the page read as the feed reads it. */
export const favouritesQuerySchema = listingQuerySchema.pick({ page: true });
export type FavouritesQuery = z.infer<typeof favouritesQuerySchema>;

/**
 * `GET /api/seller/{id}?page=`: a seller's public page. Every account's number is confirmed by
 * SMS at sign-up, which the 'telefon tasdiqlangan' badge says.
 */
export const sellerPageSchema = z.object({
  _id: z.uuid(),
  name: z.string().nullable(),
  image: z.object({ _id: z.uuid(), location: z.string() }).nullable(),
  region: z.string().nullable(),
  /** ISO timestamp of the account's creation. */
  memberSince: z.string(),
  phoneConfirmed: z.boolean(),
  sold: z.number().int().nonnegative(),
  phones: z.array(listingCardSchema),
  pages: z.number().int().nonnegative(),
});
export type SellerPage = z.infer<typeof sellerPageSchema>;
