import { z } from 'zod';

export const LISTING_STATUSES = ['active', 'noActive', 'waiting', 'cancelled', 'draft'] as const;
export const listingStatusSchema = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof listingStatusSchema>;

/** 'valut' on the wire: a listing price keeps the currency the seller chose. */
export const CURRENCIES = ['uzs', 'usd'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

export const SOCIAL_CHANNELS = ['telegram', 'instagram', 'facebook'] as const;
export const socialChannelSchema = z.enum(SOCIAL_CHANNELS);
export type SocialChannel = z.infer<typeof socialChannelSchema>;

export interface Tariff {
  /** The 'tarif' number stored on a listing. */
  value: 0 | 1;
  name: string;
  /** Prices are whole so'm. */
  price: number;
  discount: number;
  channels: readonly SocialChannel[];
}

export const TARIFFS: readonly Tariff[] = [
  { value: 0, name: 'Oddiy 1x', price: 0, discount: 0, channels: [] },
  { value: 1, name: 'Super 4x', price: 39_900, discount: 39_900, channels: SOCIAL_CHANNELS },
];

/** The promoted plan: listed first and posted to the social channels. */
export const PROMOTED_TARIFF = 1;

export const tariffValueSchema = z.union([z.literal(0), z.literal(1)]);

export function tariffCost(tariff: Tariff): number {
  return tariff.price - tariff.discount;
}

/** The badge of a discounted tariff, e.g. -100 for 'Super 4x'. */
export function tariffDiscountPercent(tariff: Tariff): number {
  return tariff.price === 0 ? 0 : -Math.round((tariff.discount / tariff.price) * 100);
}

// ---------------------------------------------------------------- browsing (issue 5)

/** A picture of a listing: `location` is its full URL, `key` the storage key it was resolved from. */
export const listingImageSchema = z.object({ _id: z.uuid(), key: z.string(), location: z.string() });
export type ListingImage = z.infer<typeof listingImageSchema>;

/** Whether the listing went out to a social channel, and the post's public link. */
export const channelPostSchema = z.object({ posted: z.boolean(), link: z.string().nullable() });
export type ChannelPost = z.infer<typeof channelPostSchema>;
export const listingPostsSchema = z.object({
  telegram: channelPostSchema,
  instagram: channelPostSchema,
  facebook: channelPostSchema,
});
export type ListingPosts = z.infer<typeof listingPostsSchema>;

/** A listing in a list (home, my listings): what the card shows and nothing more. */
export const listingCardSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  price: z.number().int(),
  valut: currencySchema,
  region: z.string(),
  /** ISO timestamp (UTC). */
  createdAt: z.string(),
  tarif: tariffValueSchema,
  status: listingStatusSchema,
  /** The first photo as a thumbnail (longest side 400); null for a draft without photos. */
  image: listingImageSchema.nullable(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

/** `GET /api/phone`: 12 cards a page, promoted (tarif 1) first, then newest. */
export const listingPageSchema = z.object({ phones: z.array(listingCardSchema), pages: z.number().int().nonnegative() });
export type ListingPage = z.infer<typeof listingPageSchema>;

/** 'null' and '' in the address bar mean a cleared filter (spec section 4). */
function queryText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' || text === 'null' || text === 'undefined' ? undefined : text;
}

/**
 * A price bound as typed: digits and a dot (spaces and other separators dropped); anything else
 * is no bound. A bound beyond any price is the largest one the database compares exactly.
 */
function queryPrice(value: unknown): number | undefined {
  const text = queryText(value)?.replace(/[^\d.]/g, '');
  if (!text) return undefined;
  const price = Number(text);
  return Number.isFinite(price) && price >= 0 ? Math.min(Math.round(price), Number.MAX_SAFE_INTEGER) : undefined;
}

/**
 * `GET /api/phone?page=&brand=&region=&name=&minPrice=&maxPrice=`. Parsing never fails: a
 * pasted or hand-edited address shows something sensible. A page that is not a whole number
 * (a safe integer) or is below 1 is page 1. `brand` is a category id or a category name (any case), so both
 * `?brand=Samsung` and `?brand=<uuid>` work. `minPrice`/`maxPrice` are so'm and compare with
 * the listing's price converted to so'm at the current USD rate.
 */
export const listingQuerySchema = z.object({
  page: z.unknown().optional().transform((value) => {
    const page = Number(queryText(value));
    return Number.isSafeInteger(page) && page >= 1 ? page : 1;
  }),
  brand: z.unknown().optional().transform(queryText),
  region: z.unknown().optional().transform(queryText),
  name: z.unknown().optional().transform((value) => queryText(value)?.slice(0, 100)),
  minPrice: z.unknown().optional().transform(queryPrice),
  maxPrice: z.unknown().optional().transform(queryPrice),
});
export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** The listing author as the detail page shows them. */
export const listingAuthorSchema = z.object({
  _id: z.uuid(),
  name: z.string().nullable(),
  image: z.object({ _id: z.uuid(), location: z.string() }).nullable(),
});

/**
 * `GET /api/phone/{id}`: the detail page of spec section 2. The seller's phone number and
 * Telegram username are not here: `GET /api/phone/{id}/contact` reveals them.
 */
export const listingDetailSchema = listingCardSchema.omit({ image: true }).extend({
  updatedAt: z.string(),
  /** Null only on a draft whose device is not chosen yet. */
  category: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  /** The device with its quick specs: battery is the 'Battery size' entry, camera the third entry. Null as `category`. */
  device: z
    .object({
      _id: z.uuid(),
      name: z.string(),
      img: z.string().nullable(),
      quickSpec: z.array(z.object({ name: z.string(), value: z.string() })),
    })
    .nullable(),
  /** Photos in the seller's order, large size (longest side 1600). */
  images: z.array(listingImageSchema),
  /** true: new, false: used. */
  condition: z.boolean(),
  /** Box and documents. */
  document: z.boolean(),
  /** Delivery available. */
  shipping: z.boolean(),
  color: z.string().nullable(),
  ram: z.string().nullable(),
  storage: z.string().nullable(),
  description: z.string().nullable(),
  /** The contact name the seller gave in the wizard. */
  authorName: z.string().nullable(),
  author: listingAuthorSchema,
  posts: listingPostsSchema,
  views: z.number().int(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

/** `GET /api/phone/{id}/contact`: counted and limited per visitor. */
export const listingContactSchema = z.object({ phoneNumber: z.string(), telegramUsername: z.string().nullable() });
export type ListingContact = z.infer<typeof listingContactSchema>;
