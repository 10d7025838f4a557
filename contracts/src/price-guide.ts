import { z } from 'zod';
import { listingPriceSchema } from './listing-form';

/*
 * What comparable phones cost (issue 22): the asking prices of listings on sale and the prices of
 * listings sold lately, of the same model, memory and condition, in so'm.
 */

/** Fewer comparable listings than this say nothing about a price. */
export const PRICE_GUIDE_MIN_LISTINGS = 5;
/** Sold listings count towards the guide for this long. */
export const PRICE_GUIDE_SOLD_DAYS = 90;
/** A price below this share of the median is the usual prepayment bait: moderators are told. */
export const BAIT_PRICE_SHARE = 0.5;

/** `GET /api/phone/price-guide?device=&storage=&condition=`. */
export const priceGuideQuerySchema = z.object({
  device: z.uuid('invalidValue'),
  storage: z.string().trim().min(1).max(20).optional(),
  condition: z.enum(['new', 'used'], 'invalidValue').optional(),
});
export type PriceGuideQuery = z.infer<typeof priceGuideQuerySchema>;

/** The interquartile range and the median, each null below PRICE_GUIDE_MIN_LISTINGS comparable listings. */
export const priceGuideSchema = z.object({
  count: z.number().int().nonnegative(),
  low: z.number().int().nullable(),
  median: z.number().int().nullable(),
  high: z.number().int().nullable(),
});
export type PriceGuide = z.infer<typeof priceGuideSchema>;

/** Where a price sits against the guide: under its low quartile, inside the range, or over its high one. */
export type PricePosition = 'below' | 'within' | 'above';

export function pricePosition(priceUzs: number, guide: PriceGuide): PricePosition | null {
  if (guide.low === null || guide.high === null) return null;
  return priceUzs < guide.low ? 'below' : priceUzs > guide.high ? 'above' : 'within';
}

/** `POST /api/phone/{id}/sold`: the price it sold for (in the listing's currency) is optional. */
export const markSoldSchema = z.object({ price: listingPriceSchema.optional() });
export type MarkSold = z.infer<typeof markSoldSchema>;
