import { Injectable } from '@nestjs/common';
import { AppConfig, DeviceSpecsService, SpecSourcePacing } from '@market/backend';

/**
 * Keeps the catalogue's specs fresh, gently: each minute (schedules.ts) a few devices due for a refresh (or never
 * read) get a refresh request, none while a refusal pauses the source or the hour's requests are used.
 */
@Injectable()
export class StaleSpecsScheduler {
  constructor(
    private readonly specs: DeviceSpecsService,
    private readonly config: AppConfig,
    private readonly pacing: SpecSourcePacing,
  ) {}

  /** Answers how many refreshes it requested. */
  async requestStaleRefreshes(): Promise<number> {
    const perMinute = this.config.DEVICE_SPECS_REFRESH_PER_MINUTE;
    if (perMinute === 0 || (await this.pacing.closed())) return 0;
    return this.specs.requestStaleRefreshes(perMinute);
  }
}
