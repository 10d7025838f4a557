import { Injectable } from '@nestjs/common';
import { BAIT_PRICE_SHARE, PRICE_GUIDE_MIN_LISTINGS, PRICE_GUIDE_SOLD_DAYS, type PriceGuide, type PriceGuideQuery } from '@market/contracts';
import { PublicReads } from '../../database/public-reads';
import { catalogueModel } from '../../devices/device-reads';
import { confirmedSale } from '../../reputation/reputation-reads';
import { ON_SALE } from '../listing-feed';
import { referenceMedian } from './reference-prices';

/** The reference band around its median: used phones of one model vary by memory and wear. */
const REFERENCE_LOW = 0.75;
const REFERENCE_HIGH = 1.3;

/**
 * What comparable phones cost: the asking prices on sale and the prices sold for in the last
 * PRICE_GUIDE_SOLD_DAYS, of one model (and memory and condition, when given), as quartiles in so'm;
 * a sale its buyer confirmed (a deal, issue 38) weighs CONFIRMED_DEAL_WEIGHT times a declared one.
 * Both halves read a model's listings through an index by device_id: a model has a few thousand.
 * Below PRICE_GUIDE_MIN_LISTINGS of them a catalogue model has its reference band
 * (reference-prices.ts), so a bait price is caught from the site's first day.
 */
@Injectable()
export class PriceGuideService {
  constructor(private readonly reads: PublicReads) {}

  async guide({ device, storage, condition }: PriceGuideQuery): Promise<PriceGuide> {
    const [row] = await this.reads.query<{ count: number; low: number | null; median: number | null; high: number | null }>(
      `WITH comparable AS (
         SELECT l.price_uzs AS price, l.storage, l.condition FROM listing l WHERE l.device_id = $1 AND ${ON_SALE}
         UNION ALL
         SELECT l.sold_price_uzs, l.storage, l.condition FROM listing l
          WHERE l.device_id = $1 AND l.sold_at > now() - make_interval(days => $4) AND l.status = 'noActive' AND l.deleted_at IS NULL
            -- A sane sale: not under the bait share of what was asked, nor over three times it (a typo, or a guide pushed about).
            AND l.sold_price_uzs BETWEEN l.price_uzs * $5 AND l.price_uzs * 3
         UNION ALL
         -- A sale its buyer confirmed counts CONFIRMED_DEAL_WEIGHT (2) times: once above, once here.
         SELECT l.sold_price_uzs, l.storage, l.condition FROM listing l ${confirmedSale('l')}
          WHERE l.device_id = $1 AND l.sold_at > now() - make_interval(days => $4) AND l.status = 'noActive' AND l.deleted_at IS NULL
            AND l.sold_price_uzs BETWEEN l.price_uzs * $5 AND l.price_uzs * 3
       )
       SELECT count(*)::int AS count,
              round(percentile_cont(0.25) WITHIN GROUP (ORDER BY price))::bigint AS low,
              round(percentile_cont(0.5) WITHIN GROUP (ORDER BY price))::bigint AS median,
              round(percentile_cont(0.75) WITHIN GROUP (ORDER BY price))::bigint AS high
         FROM comparable
        WHERE price IS NOT NULL AND ($2::text IS NULL OR storage = $2) AND ($3::boolean IS NULL OR condition = $3)`,
      [device, storage ?? null, condition === undefined ? null : condition === 'new', PRICE_GUIDE_SOLD_DAYS, BAIT_PRICE_SHARE],
    );
    if (row.count >= PRICE_GUIDE_MIN_LISTINGS) {
      return { count: row.count, low: Number(row.low), median: Number(row.median), high: Number(row.high), source: 'listings' };
    }
    const median = await this.referenceMedian(device);
    if (median === undefined) return { count: row.count, low: null, median: null, high: null, source: 'listings' };
    return { count: row.count, low: roundSom(median * REFERENCE_LOW), median, high: roundSom(median * REFERENCE_HIGH), source: 'reference' };
  }

  private async referenceMedian(device: string): Promise<number | undefined> {
    const model = catalogueModel('asked.id');
    const [row] = await this.reads.query<{ device_name: string | null }>(`SELECT ${model.columns} FROM (SELECT $1::uuid AS id) asked ${model.join}`, [device]);
    return row?.device_name ? referenceMedian(row.device_name) : undefined;
  }
}

/** A band's edge to the nearest 50 000 so'm, as prices are asked. */
export function roundSom(amount: number): number {
  return Math.round(amount / 50_000) * 50_000;
}
