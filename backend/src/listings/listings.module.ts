import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BalanceModule } from '../balance/balance.module';
import { CategoriesModule } from '../categories/categories.module';
import { DevicesModule } from '../devices/devices.module';
import { EventsModule } from '../events/events.module';
import { ImagesModule } from '../uploads/images.module';
import { UsersModule } from '../users/users.module';
import { CategoryListingCounts } from './category-listing-counts';
import { DemoListings } from './demo/demo-listings';
import { ExchangeRateModule } from './exchange-rate.module';
import { ImeiSeal } from './imei-seal';
import { ListingCountersService } from './listing-counters.service';
import { ListingDetailService } from './listing-detail.service';
import { ListingFeedService } from './listing-feed.service';
import { ListingFormColumns } from './listing-form-columns';
import { ListingViewRecorder } from './listing-view-recorder';
import { ListingPhotosService } from './listing-photos.service';
import { ListingSharePages } from './listing-share-pages';
import { ListingTariffs } from './listing-tariffs';
import { ListingEntity, ListingImageEntity } from './listing.entity';
import { ListingsController } from './listings.controller';
import { ListingsService } from './listings.service';
import { MyListingsService } from './my-listings.service';
import { ModerationController } from './moderation/moderation.controller';
import { ModerationService } from './moderation/moderation.service';
import { PriceGuideController } from './price-guide/price-guide.controller';
import { ListingReportsController } from './reports/listing-reports.controller';
import { ListingReportsService } from './reports/listing-reports.service';
import { BannedWordsController } from './trust/banned-words.controller';
import { TrustModule } from './trust/trust.module';

@Module({
  imports: [
    TypeOrmModule.forFeature([ListingEntity, ListingImageEntity]),
    ExchangeRateModule,
    UsersModule,
    ImagesModule,
    CategoriesModule,
    // Imported for the order of start-up hooks too: the catalogue is seeded before the demo listings.
    DevicesModule,
    BalanceModule,
    EventsModule,
    TrustModule,
  ],
  // Moderation and the price guide first: their fixed paths (/phone/waiting, /phone/price-guide) must not be taken for a listing id.
  controllers: [ModerationController, PriceGuideController, ListingReportsController, BannedWordsController, ListingsController],
  providers: [
    ListingsService,
    ListingFormColumns,
    ImeiSeal,
    ListingPhotosService,
    ListingTariffs,
    MyListingsService,
    CategoryListingCounts,
    ListingFeedService,
    ListingDetailService,
    ListingCountersService,
    ListingViewRecorder,
    ModerationService,
    ListingReportsService,
    ListingSharePages,
    DemoListings,
  ],
  exports: [CategoryListingCounts, ListingFeedService, ListingDetailService, ListingPhotosService, ListingSharePages],
})
export class ListingsModule {}
