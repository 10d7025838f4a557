import { Module } from '@nestjs/common';
import { SellerRatingsService } from './seller-ratings.service';

/** The denormalised ratings alone: the API's reputation module and the workers' refresh use it. */
@Module({
  providers: [SellerRatingsService],
  exports: [SellerRatingsService],
})
export class SellerRatingsModule {}
