import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, ExchangeRateService } from '@market/backend';
import { UsdRateClient } from './usd-rate.client';

/**
 * Keeps the USD rate of the price filters current: hourly and at start (schedules.ts). A failed
 * fetch keeps the stored rate (or the configured fallback) and is tried again the next hour.
 */
@Injectable()
export class ExchangeRateScheduler {
  private readonly logger = new Logger(ExchangeRateScheduler.name);

  constructor(
    private readonly source: UsdRateClient,
    private readonly rates: ExchangeRateService,
    private readonly config: AppConfig,
  ) {}

  /** Answers whether a fresh rate was stored. */
  async refresh(): Promise<boolean> {
    let rate: number;
    try {
      rate = await this.source.fetchUsdRate();
    } catch (error) {
      this.logger.warn(`USD rate not refreshed from ${this.config.EXCHANGE_RATE_URL}: ${(error as Error).message}`);
      return false;
    }
    const repriced = await this.rates.store(rate, this.config.EXCHANGE_RATE_URL);
    this.logger.log(`USD rate ${rate} so'm stored; ${repriced} dollar listings re-priced`);
    return true;
  }
}
