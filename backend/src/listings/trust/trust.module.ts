import { Module } from '@nestjs/common';
import { ImagesModule } from '../../uploads/images.module';
import { PriceGuideService } from '../price-guide/price-guide.service';
import { ListingChecksService } from './listing-checks.service';

/** What comparable phones cost and the checks of waiting listings: for the API and the workers' checks. */
@Module({
  imports: [ImagesModule],
  providers: [PriceGuideService, ListingChecksService],
  exports: [PriceGuideService, ListingChecksService],
})
export class TrustModule {}
