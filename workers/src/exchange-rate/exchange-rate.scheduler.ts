import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { AppConfig, ExchangeRateService } from '@market/backend';
import { UsdRateClient } from './usd-rate.client';

/**
 * Keeps the USD rate of the price filters current: hourly (the CBU publishes once a day) and
 * once at start. A failed fetch keeps the stored rate (or the configured fallback) and is
 * tried again the next hour.
 */
@Injectable()
export class ExchangeRateScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(ExchangeRateScheduler.name);

  constructor(
    private readonly source: UsdRateClient,
    private readonly rates: ExchangeRateService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: the workers start even when the rate source is slow or unreachable.
    void this.refresh();
  }

  /** Answers whether a fresh rate was stored. */
  @Cron(CronExpression.EVERY_HOUR, { name: 'usd-rate' })
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
