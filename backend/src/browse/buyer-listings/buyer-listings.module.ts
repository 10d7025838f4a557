import { Module } from '@nestjs/common';
import { ImagesModule } from '../../uploads/images.module';
import { BuyerListingsService } from './buyer-listings.service';

/** Listings as favourites and saved searches reach them, in the API and in the workers. */
@Module({
  imports: [ImagesModule],
  providers: [BuyerListingsService],
  exports: [BuyerListingsService],
})
export class BuyerListingsModule {}
