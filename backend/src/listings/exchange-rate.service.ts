import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Column, DataSource, Entity, PrimaryColumn, type EntityManager } from 'typeorm';
import type { Currency } from '@market/contracts';
import { AppConfig } from '../config/app-config';

/** The USD rate the listing prices are normalised with; the workers refresh it from the configured source. */
@Entity('exchange_rate')
export class ExchangeRateEntity {
  @PrimaryColumn({ type: 'text' })
  currency: 'usd';

  /** So'm for one dollar, with 2 decimals (numeric comes back from pg as a string). */
  @Column({ type: 'numeric' })
  rate: string;

  @Column({ type: 'text' })
  source: string;

  @Column({ name: 'fetched_at', type: 'timestamptz' })
  fetchedAt: Date;
}

/** Dollar listings re-normalised per statement, so a rate change never locks the whole table at once. */
const RENORMALISE_BATCH = 5_000;

/** The rate in hundredths of a so'm, so prices are converted with integers exactly as PostgreSQL's numeric does. */
function toCents(rate: number | string): bigint {
  return BigInt(Math.round(Number(rate) * 100));
}

/** The so'm price used for filtering: round(price × rate), halves away from zero like SQL round(). */
export function priceInUzs(price: number, valut: Currency, rateCents: bigint): number {
  if (valut === 'uzs') return price;
  return Number((BigInt(price) * rateCents + 50n) / 100n);
}

@Injectable()
export class ExchangeRateService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** So'm per dollar in hundredths: the stored rate, or USD_UZS_FALLBACK_RATE before the first successful fetch. */
  async usdRateCents(transaction: EntityManager = this.dataSource.manager): Promise<bigint> {
    const stored = await transaction.findOneBy(ExchangeRateEntity, { currency: 'usd' });
    return toCents(stored?.rate ?? this.config.USD_UZS_FALLBACK_RATE);
  }

  async current(): Promise<{ rate: number; source: string; fetchedAt: Date | null }> {
    const stored = await this.dataSource.manager.findOneBy(ExchangeRateEntity, { currency: 'usd' });
    return stored
      ? { rate: Number(stored.rate), source: stored.source, fetchedAt: stored.fetchedAt }
      : { rate: this.config.USD_UZS_FALLBACK_RATE, source: 'USD_UZS_FALLBACK_RATE', fetchedAt: null };
  }

  /**
   * Stores a fetched rate and brings every dollar listing's so'm price in line with it. The
   * second step also runs when the rate did not change: a listing saved while the rate was
   * being replaced is corrected by the next run. Answers how many listings were re-priced.
   */
  async store(rate: number, source: string): Promise<number> {
    if (!(rate > 0) || !Number.isFinite(rate)) throw new Error(`Not an exchange rate: ${rate}`);
    await this.dataSource.query(
      `INSERT INTO exchange_rate (currency, rate, source, fetched_at) VALUES ('usd', round($1::numeric, 2), $2, now())
       ON CONFLICT (currency) DO UPDATE SET rate = excluded.rate, source = excluded.source, fetched_at = excluded.fetched_at`,
      [rate, source],
    );
    return this.renormalise();
  }

  /** Re-prices the dollar listings whose so'm price does not match the stored rate, in batches. */
  async renormalise(transaction: EntityManager = this.dataSource.manager): Promise<number> {
    const rateCents = await this.usdRateCents(transaction);
    const rate = (Number(rateCents) / 100).toFixed(2);
    let total = 0;
    for (;;) {
      const [, affected]: [unknown, number] = await transaction.query(
        `WITH stale AS (
           SELECT id FROM listing
            WHERE valut = 'usd' AND price IS NOT NULL AND price_uzs IS DISTINCT FROM round(price * $1::numeric)::bigint
            ORDER BY id LIMIT $2)
         UPDATE listing SET price_uzs = round(listing.price * $1::numeric)::bigint FROM stale WHERE listing.id = stale.id`,
        [rate, RENORMALISE_BATCH],
      );
      total += affected;
      if (affected < RENORMALISE_BATCH) return total;
    }
  }
}
