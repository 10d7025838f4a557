import { Injectable, Logger } from '@nestjs/common';
import { ListingChecksService } from '@market/backend';

/**
 * Checks the listings waiting for moderation that changed or were reported since they were
 * checked, every 30 seconds (schedules.ts); a listing checked twice gets the same findings.
 */
@Injectable()
export class ListingChecksScheduler {
  private readonly logger = new Logger(ListingChecksScheduler.name);

  constructor(private readonly checks: ListingChecksService) {}

  async checkWaiting(): Promise<number> {
    const checked = await this.checks.checkWaiting();
    if (checked) this.logger.log(`Checked ${checked} waiting listings`);
    return checked;
  }
}
