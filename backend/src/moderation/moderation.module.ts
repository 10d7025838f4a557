import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { DevicesModule } from '../devices/devices.module';
import { EventsModule } from '../events/events.module';
import { ChannelPostingModule } from '../listings/channel-posting/channel-posting.module';
import { ListingsModule } from '../listings/listings.module';
import { ImagesModule } from '../uploads/images.module';
import { UsersModule } from '../users/users.module';
import { ModerationController } from './moderation.controller';
import { ModerationService } from './moderation.service';
import { ListingReportsController } from './reports/listing-reports.controller';
import { ListingReportsService } from './reports/listing-reports.service';
import { BannedWordsController } from './trust/banned-words.controller';
import { TrustModule } from './trust/trust.module';

/** The moderators' queue and decisions, the checks that rank it, the buyers' reports and the banned words. */
@Module({
  imports: [ListingsModule, ChannelPostingModule, TrustModule, UsersModule, ImagesModule, CategoriesModule, DevicesModule, EventsModule],
  controllers: [ModerationController, ListingReportsController, BannedWordsController],
  providers: [ModerationService, ListingReportsService],
})
export class ModerationModule {}
