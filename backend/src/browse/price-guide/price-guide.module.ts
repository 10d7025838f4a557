import { Module } from '@nestjs/common';
import { PriceGuideService } from './price-guide.service';

/** What comparable phones cost: the buyers' guide (BrowseModule) and the bait-price check (moderation's TrustModule). */
@Module({
  providers: [PriceGuideService],
  exports: [PriceGuideService],
})
export class PriceGuideModule {}
