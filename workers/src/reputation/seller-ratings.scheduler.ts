import { Injectable, Logger } from '@nestjs/common';
import { SellerRatingsService } from '@market/backend';

/**
 * Counts reviews whose 14 hidden days have passed (issue 38): they are shown from then, and the
 * ratings the seller pages and the feed's "good sellers" filter read include them within ten minutes (schedules.ts).
 */
@Injectable()
export class SellerRatingsScheduler {
  private readonly logger = new Logger(SellerRatingsScheduler.name);

  constructor(private readonly ratings: SellerRatingsService) {}

  async refreshDue(): Promise<number> {
    const refreshed = await this.ratings.refreshDue();
    if (refreshed) this.logger.log(`Refreshed the ratings of ${refreshed} accounts`);
    return refreshed;
  }
}
