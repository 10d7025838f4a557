import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { DevicesModule } from '../devices/devices.module';
import { ListingsModule } from '../listings/listings.module';
import { ImagesModule } from '../uploads/images.module';
import { BrowseController } from './browse.controller';
import { CategoryListingCounts } from './category-listing-counts';
import { ListingCountersService } from './listing-counters.service';
import { ListingDetailService } from './listing-detail.service';
import { ListingFastPath } from './listing-fast-path';
import { ListingFeedService } from './listing-feed.service';
import { ListingSharePages } from './listing-share-pages';
import { PriceGuideController } from './price-guide/price-guide.controller';
import { PriceGuideModule } from './price-guide/price-guide.module';

/** What buyers see: the feed and its totals, a listing's detail and counters, the share pages and sitemap, the price guide. */
@Module({
  imports: [ListingsModule, PriceGuideModule, CategoriesModule, DevicesModule, ImagesModule],
  // The price guide first: its fixed path (/phone/price-guide) must not be taken for a listing id.
  controllers: [PriceGuideController, BrowseController],
  providers: [ListingFeedService, ListingDetailService, ListingCountersService, ListingFastPath, ListingSharePages, CategoryListingCounts],
  exports: [CategoryListingCounts, ListingCountersService, ListingFeedService, ListingSharePages],
})
export class BrowseModule {}
