import { Module } from '@nestjs/common';
import { PriceGuideModule } from '../../browse/price-guide/price-guide.module';
import { DevicesModule } from '../../devices/devices.module';
import { ImagesModule } from '../../uploads/images.module';
import { ListingChecksService } from './listing-checks.service';

/**
 * The checks of listings: of the waiting ones (the workers' checks) and of an amend as it is
 * saved (ListingsModule). It imports no listings module, so the listings can depend on it.
 */
@Module({
  imports: [ImagesModule, PriceGuideModule, DevicesModule],
  providers: [ListingChecksService],
  exports: [ListingChecksService],
})
export class TrustModule {}
