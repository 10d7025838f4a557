import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { SellerRatingsService } from '@market/backend';

/**
 * Counts reviews whose 14 hidden days have passed (issue 38): they are shown from then, and the
 * ratings the seller pages and the feed's "good sellers" filter read include them within ten minutes.
 */
@Injectable()
export class SellerRatingsScheduler {
  private readonly logger = new Logger(SellerRatingsScheduler.name);

  constructor(private readonly ratings: SellerRatingsService) {}

  @Cron(CronExpression.EVERY_10_MINUTES, { name: 'seller-ratings-refresh' })
  async refreshDue(): Promise<number> {
    const refreshed = await this.ratings.refreshDue();
    if (refreshed) this.logger.log(`Refreshed the ratings of ${refreshed} accounts`);
    return refreshed;
  }
}
