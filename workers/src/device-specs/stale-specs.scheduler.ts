import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { AppConfig, DeviceSpecsService } from '@market/backend';

/**
 * Keeps the catalogue's specs fresh, gently: each minute a few devices whose specs are
 * older than 30 days (or were never read) get a refresh request.
 */
@Injectable()
export class StaleSpecsScheduler {
  constructor(
    private readonly specs: DeviceSpecsService,
    private readonly config: AppConfig,
  ) {}

  /** Answers how many refreshes it requested. */
  @Cron(CronExpression.EVERY_MINUTE, { name: 'stale-device-specs' })
  async requestStaleRefreshes(): Promise<number> {
    const perMinute = this.config.DEVICE_SPECS_REFRESH_PER_MINUTE;
    if (perMinute === 0) return 0;
    return this.specs.requestStaleRefreshes(perMinute);
  }
}
