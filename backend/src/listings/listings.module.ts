import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BalanceModule } from '../balance/balance.module';
import { CategoriesModule } from '../categories/categories.module';
import { CategoryUsage } from '../categories/category-usage';
import { DevicesModule } from '../devices/devices.module';
import { EventsModule } from '../events/events.module';
import { UploadsModule } from '../uploads/uploads.module';
import { UploadsService } from '../uploads/uploads.service';
import { UsersModule } from '../users/users.module';
import { DemoListings } from './demo/demo-listings';
import { ExchangeRateModule } from './exchange-rate.module';
import { ListingBrowseService } from './listing-browse.service';
import { ListingViewRecorder } from './listing-view-recorder';
import { ListingPhotosService } from './listing-photos.service';
import { ListingSharePages } from './listing-share-pages';
import { ListingTariffs } from './listing-tariffs';
import { ListingEntity, ListingImageEntity } from './listing.entity';
import { ListingsController } from './listings.controller';
import { ListingsService } from './listings.service';
import { ModerationController } from './moderation/moderation.controller';
import { ModerationService } from './moderation/moderation.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([ListingEntity, ListingImageEntity]),
    ExchangeRateModule,
    UsersModule,
    UploadsModule,
    CategoriesModule,
    // Imported for the order of start-up hooks too: the catalogue is seeded before the demo listings.
    DevicesModule,
    BalanceModule,
    EventsModule,
  ],
  // Moderation first: its fixed paths (/phone/waiting) must not be taken for a listing id.
  controllers: [ModerationController, ListingsController],
  providers: [ListingsService, ListingBrowseService, ListingViewRecorder, ListingPhotosService, ListingTariffs, ModerationService, ListingSharePages, DemoListings],
  exports: [ListingsService, ListingBrowseService, ListingSharePages],
})
export class ListingsModule implements OnModuleInit {
  constructor(
    private readonly usage: CategoryUsage,
    private readonly uploads: UploadsService,
    private readonly listings: ListingsService,
    private readonly photos: ListingPhotosService,
  ) {}

  /** The categories page counts each brand's listings; `POST /api/upload` hands listing photos over to us. */
  onModuleInit(): void {
    this.usage.countListingsWith(this.listings);
    this.uploads.handleListingPhotosWith(this.photos);
  }
}
