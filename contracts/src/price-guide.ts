import { z } from 'zod';
import { listingPriceSchema } from './listing-form';

/*
 * What comparable phones cost (issue 22): the asking prices of listings on sale and the prices of
 * listings sold lately, of the same model, memory and condition, in so'm.
 */

/** `GET /api/phone/price-guide?device=&storage=&condition=`. */
export const priceGuideQuerySchema = z.object({
  device: z.uuid('invalidValue'),
  storage: z.string().trim().min(1).max(20).optional(),
  condition: z.enum(['new', 'used'], 'invalidValue').optional(),
});
export type PriceGuideQuery = z.infer<typeof priceGuideQuerySchema>;

/**
 * The interquartile range and the median of the comparable listings ('listings'); below
 * PRICE_GUIDE_MIN_LISTINGS of them a catalogue model's reference band ('reference', shipped with
 * the catalogue), else nulls.
 */
export const priceGuideSchema = z.object({
  count: z.number().int().nonnegative(),
  low: z.number().int().nullable(),
  median: z.number().int().nullable(),
  high: z.number().int().nullable(),
  source: z.enum(['listings', 'reference']),
});
export type PriceGuide = z.infer<typeof priceGuideSchema>;

/**
 * `POST /api/phone/{id}/sold`: the price it sold for (in the listing's currency) is optional;
 * `buyerId` names the buyer among the people who wrote about it (a deal they confirm, issue 38),
 * absent when it sold elsewhere.
 */
export const markSoldSchema = z.object({ price: listingPriceSchema.optional(), buyerId: z.uuid('dealBuyerNotInConversation').optional() });
export type MarkSold = z.infer<typeof markSoldSchema>;
