import { Module } from '@nestjs/common';
import { SellerRatingsModule } from '@market/backend';
import { SellerRatingsScheduler } from './seller-ratings.scheduler';

/** The scheduled refresh of the sellers' ratings as reviews come out of hiding. */
@Module({
  imports: [SellerRatingsModule],
  providers: [SellerRatingsScheduler],
  exports: [SellerRatingsScheduler],
})
export class SellerRatingsRefreshModule {}
