import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BalanceModule } from '../balance/balance.module';
import { CategoriesModule } from '../categories/categories.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { DevicesModule } from '../devices/devices.module';
import { EventsModule } from '../events/events.module';
import { TrustModule } from '../moderation/trust/trust.module';
import { ReputationModule } from '../reputation/reputation.module';
import { ImagesModule } from '../uploads/images.module';
import { UsersModule } from '../users/users.module';
import { ExchangeRateModule } from './exchange-rate.module';
import { ImeiSeal } from './imei-seal';
import { ListingFormColumns } from './listing-form-columns';
import { ListingLift } from './listing-lift';
import { ListingPhotosService } from './listing-photos.service';
import { ListingTariffs } from './listing-tariffs';
import { ListingEntity, ListingImageEntity } from './listing.entity';
import { ListingsController } from './listings.controller';
import { ListingsService } from './listings.service';
import { MyListingsService } from './my-listings.service';

/**
 * Writing listings: the wizard's form, drafts, photos, tariffs, the lifecycle (off sale, sold,
 * back on sale). Browsing (BrowseModule) and moderation (ModerationModule) build on it; it
 * depends on moderation's checks alone (TrustModule), as an amend is checked while it is saved.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ListingEntity, ListingImageEntity]),
    ExchangeRateModule,
    UsersModule,
    ImagesModule,
    CategoriesModule,
    DevicesModule,
    BalanceModule,
    EventsModule,
    TrustModule,
    // A sale names its buyer: the deal is recorded in the sale's transaction.
    ReputationModule,
    // A photo sent in a message is not deleted; conversations import no listings module.
    ConversationsModule,
  ],
  controllers: [ListingsController],
  providers: [ListingsService, ListingFormColumns, ImeiSeal, ListingPhotosService, ListingTariffs, MyListingsService, ListingLift],
  exports: [ListingsService, ImeiSeal, ListingPhotosService, ListingLift],
})
export class ListingsModule {}
