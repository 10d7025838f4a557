import { z } from 'zod';
import type { MessageKey } from './messages/index';

// ---------------------------------------------------------------- promotion (issue 39)

/**
 * What a seller can buy for one listing on sale, beside the spec's tariffs: a lift (its feed date
 * becomes now), TOP for 3 or 7 days (first in the feeds it matches, at most TOP_PLACES_PER_PAGE a
 * page), and one more post to the configured channels.
 */
export const PROMOTION_PRODUCTS = ['lift', 'top3', 'top7', 'channelRepost'] as const;
export const promotionProductSchema = z.enum(PROMOTION_PRODUCTS);
export type PromotionProduct = z.infer<typeof promotionProductSchema>;

/** Prices in so'm until an admin sets them (PUT /api/admin/promotions/prices). */
export const PROMOTION_DEFAULT_PRICES: Readonly<Record<PromotionProduct, number>> = {
  lift: 5_000,
  top3: 15_000,
  top7: 30_000,
  channelRepost: 20_000,
};

/** How many days each TOP product runs; the others act once. */
export const TOP_DAYS: Readonly<Partial<Record<PromotionProduct, number>>> = { top3: 3, top7: 7 };
export const isTopProduct = (product: PromotionProduct): boolean => TOP_DAYS[product] !== undefined;

/** TOP listings take at most this many of a feed page's LIMITS.listingsPerPage places. */
export const TOP_PLACES_PER_PAGE = 2;
/** The TOP listings shown move on by TOP_PLACES_PER_PAGE this often (the public answers are kept 2 s, far less). */
export const TOP_ROTATION_MS = 60_000;
/** A listing is lifted at most once in this long. */
export const LIFT_EVERY_MS = 24 * 60 * 60 * 1000;

/** The product's name, as the listing page and the balance history show it. */
export const PROMOTION_NAMES: Readonly<Record<PromotionProduct, MessageKey>> = {
  lift: 'promotionLift',
  top3: 'promotionTop3',
  top7: 'promotionTop7',
  channelRepost: 'promotionChannelRepost',
};

/** `GET /api/promotions`: the products and their prices in so'm. */
export const promotionOfferSchema = z.object({
  product: promotionProductSchema,
  price: z.number().int().positive(),
  /** TOP's days; absent for a product that acts once. */
  days: z.number().int().positive().optional(),
});
export type PromotionOffer = z.infer<typeof promotionOfferSchema>;
export const promotionOffersSchema = z.object({ products: z.array(promotionOfferSchema) });
export type PromotionOffers = z.infer<typeof promotionOffersSchema>;

/** `PUT /api/admin/promotions/prices`: an admin's new prices, any of the products. */
export const promotionPricesSchema = z.strictObject(
  Object.fromEntries(PROMOTION_PRODUCTS.map((product) => [product, z.number().int().positive().max(100_000_000).optional()])) as Record<
    PromotionProduct,
    z.ZodOptional<z.ZodNumber>
  >,
);
export type PromotionPrices = z.infer<typeof promotionPricesSchema>;

/** `POST /api/phone/{id}/promotions`: the product, and the key that makes a retried purchase charge once. */
export const promotionPurchaseSchema = z.object({
  product: promotionProductSchema,
  /** Chosen by the page once per purchase; a retry with the same key answers the first purchase. */
  idempotencyKey: z.uuid().optional(),
});
export type PromotionPurchase = z.infer<typeof promotionPurchaseSchema>;

/**
 * running: in effect (TOP until `endsAt`, a repost until it is posted); done: it acted (a lift, a
 * posted repost, a TOP that ran its days); refunded: it could not run, its `refunded` so'm went back;
 * failed: a repost every channel refused, its price went back.
 */
export const PROMOTION_STATES = ['running', 'done', 'refunded', 'failed'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

export const listingPromotionSchema = z.object({
  _id: z.uuid(),
  product: promotionProductSchema,
  /** So'm charged. */
  price: z.number().int().positive(),
  state: z.enum(PROMOTION_STATES),
  /** ISO timestamps (UTC); `endsAt` is TOP's end, null for the others. */
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** So'm given back when it stopped early. */
  refunded: z.number().int().nonnegative(),
  /** The listing's views and contact reveals when it was bought, and since then. */
  before: z.object({ views: z.number().int(), contactReveals: z.number().int() }),
  during: z.object({ views: z.number().int(), contactReveals: z.number().int() }),
});
export type ListingPromotion = z.infer<typeof listingPromotionSchema>;

/** `GET /api/phone/{id}/promotions` (its author or an admin): newest first. */
export const listingPromotionsSchema = z.object({ promotions: z.array(listingPromotionSchema) });
export type ListingPromotions = z.infer<typeof listingPromotionsSchema>;

/** The answer to a purchase: the promotion, the so'm charged and the balance after it. */
export const promotionBoughtSchema = z.object({
  promotion: listingPromotionSchema,
  charged: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
});
export type PromotionBought = z.infer<typeof promotionBoughtSchema>;
