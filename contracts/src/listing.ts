import { z } from 'zod';
import { conditionGradeSchema } from './phone-identity';
import { CURRENCIES, LISTING_STATUSES, SOCIAL_CHANNELS, type SocialChannel } from './listing-constants';
import { LISTING_QUERY_FIELDS } from './listing-query';

export const listingStatusSchema = z.enum(LISTING_STATUSES);
export const currencySchema = z.enum(CURRENCIES);
export const socialChannelSchema = z.enum(SOCIAL_CHANNELS);
export const tariffValueSchema = z.union([z.literal(0), z.literal(1)]);

// ---------------------------------------------------------------- browsing (issue 5)

/** A picture of a listing: `location` is its full URL, `key` the storage key it was resolved from. */
export const listingImageSchema = z.object({ _id: z.uuid(), key: z.string(), location: z.string() });
export type ListingImage = z.infer<typeof listingImageSchema>;
/** A photo on the detail page: the large picture, and the smaller copy a phone may take instead (`<img srcset>`, LISTING_PHOTO_SIZES). */
export const listingPhotoSchema = listingImageSchema.extend({ srcset: z.string().optional() });
export type ListingPhoto = z.infer<typeof listingPhotoSchema>;

/** Whether the listing went out to a social channel, and the post's public link. */
export const channelPostSchema = z.object({ posted: z.boolean(), link: z.string().nullable() });
export type ChannelPost = z.infer<typeof channelPostSchema>;
export const listingPostsSchema = z.object(eachChannel(channelPostSchema));
export type ListingPosts = z.infer<typeof listingPostsSchema>;

/** A post's state by social channel, with an entry only for the channels it was requested for. */
export function requestedChannelPosts<Post extends z.ZodType>(post: Post) {
  return z.object(eachChannel(post.optional()));
}

/** An object's shape with one `field` per social channel: a channel added to SOCIAL_CHANNELS is in every answer that names them. */
function eachChannel<Field extends z.ZodType>(field: Field) {
  return Object.fromEntries(SOCIAL_CHANNELS.map((channel) => [channel, field])) as Record<SocialChannel, Field>;
}

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
  /** A used phone's grade (A, B, C) and battery health in %; null when not given (and on older listings). */
  grade: conditionGradeSchema.nullable(),
  battery: z.number().int().nullable(),
  /** Who sells it, for the link to their page: the name the listing gives (null: none given). */
  seller: z.object({ _id: z.uuid(), name: z.string().nullable() }),
  /** Shown in one of a feed page's TOP places (issue 39); absent elsewhere. */
  top: z.literal(true).optional(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

/**
 * `GET /api/phone`: 12 cards a page in the order asked (newest: promoted first). When a name
 * search finds no listing, `suggestions` are the closest models that have listings.
 */
export const listingPageSchema = z.object({
  phones: z.array(listingCardSchema),
  pages: z.number().int().nonnegative(),
  suggestions: z.array(z.object({ _id: z.uuid(), name: z.string() })).optional(),
});
export type ListingSuggestion = NonNullable<ListingPage['suggestions']>[number];
export type ListingPage = z.infer<typeof listingPageSchema>;

/** `GET /api/phone?page=&brand=&region=&name=&minPrice=&maxPrice=&sort=&storage=&condition=&document=&shipping=&valut=&grade=&minBattery=&goodSellers=`, read as LISTING_QUERY_FIELDS says. */
export const listingQuerySchema = z.object({
  page: z.unknown().optional().transform(LISTING_QUERY_FIELDS.page),
  brand: z.unknown().optional().transform(LISTING_QUERY_FIELDS.brand),
  region: z.unknown().optional().transform(LISTING_QUERY_FIELDS.region),
  name: z.unknown().optional().transform(LISTING_QUERY_FIELDS.name),
  minPrice: z.unknown().optional().transform(LISTING_QUERY_FIELDS.minPrice),
  maxPrice: z.unknown().optional().transform(LISTING_QUERY_FIELDS.maxPrice),
  sort: z.unknown().optional().transform(LISTING_QUERY_FIELDS.sort),
  storage: z.unknown().optional().transform(LISTING_QUERY_FIELDS.storage),
  condition: z.unknown().optional().transform(LISTING_QUERY_FIELDS.condition),
  document: z.unknown().optional().transform(LISTING_QUERY_FIELDS.document),
  shipping: z.unknown().optional().transform(LISTING_QUERY_FIELDS.shipping),
  valut: z.unknown().optional().transform(LISTING_QUERY_FIELDS.valut),
  grade: z.unknown().optional().transform(LISTING_QUERY_FIELDS.grade),
  minBattery: z.unknown().optional().transform(LISTING_QUERY_FIELDS.minBattery),
  goodSellers: z.unknown().optional().transform(LISTING_QUERY_FIELDS.goodSellers),
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
export const listingDetailSchema = listingCardSchema.omit({ image: true, seller: true }).extend({
  updatedAt: z.string(),
  /** The price in so'm at the stored dollar rate, to compare with the price guide. */
  priceUzs: z.number().int(),
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
  /** Photos in the seller's order, large size (longest side 1600) with an 800 px copy in `srcset`. */
  images: z.array(listingPhotoSchema),
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
  /** The last four digits of each IMEI: the full numbers are never public. */
  imeiLast4: z.array(z.string()),
  /** Whether the seller says the phone is registered in UZIMEI; null on listings older than the question. */
  uzimeiRegistered: z.boolean().nullable(),
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
