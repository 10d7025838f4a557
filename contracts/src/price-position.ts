/*
 * What comparable phones cost (issue 22), the rules without the schema library: a listing's page
 * says where its price sits and needs no schema (see listing-constants.ts). The guide's schemas are
 * in price-guide.ts.
 */

/** Fewer comparable listings than this say nothing about a price. */
export const PRICE_GUIDE_MIN_LISTINGS = 5;
/** Sold listings count towards the guide for this long. */
export const PRICE_GUIDE_SOLD_DAYS = 90;
/** A price below this share of the median is the usual prepayment bait: moderators are told (a fair bargain stays above). */
export const BAIT_PRICE_SHARE = 1 / 3;

/** Where a price sits against the guide: under its low quartile, inside the range, or over its high one. */
export type PricePosition = 'below' | 'within' | 'above';

export function pricePosition(priceUzs: number, guide: { low: number | null; high: number | null }): PricePosition | null {
  if (guide.low === null || guide.high === null) return null;
  return priceUzs < guide.low ? 'below' : priceUzs > guide.high ? 'above' : 'within';
}
