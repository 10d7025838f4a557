import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { ListingChecksService } from '@market/backend';

/**
 * Checks the listings waiting for moderation that changed or were reported since they were
 * checked. Every worker process runs it; a listing checked twice gets the same findings.
 */
@Injectable()
export class ListingChecksScheduler {
  private readonly logger = new Logger(ListingChecksScheduler.name);

  constructor(private readonly checks: ListingChecksService) {}

  @Cron(CronExpression.EVERY_30_SECONDS, { name: 'listing-checks' })
  async checkWaiting(): Promise<number> {
    const checked = await this.checks.checkWaiting();
    if (checked) this.logger.log(`Checked ${checked} waiting listings`);
    return checked;
  }
}
