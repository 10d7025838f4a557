import { Module } from '@nestjs/common';
import { ConversationsModule, NotificationsModule, ReputationModule, SavedSearchAlertsModule, SellerListingsModule, TelegramModule, WorkersPushesModule } from '@market/backend';
import { PacingModule } from '../pacing/pacing.module';
import { NotifyProcessor } from './notify.processor';
import { SellerBot } from './seller-bot.service';
import { SellerListingsLookup } from './seller-listings.lookup';

@Module({
  imports: [SellerListingsModule, SavedSearchAlertsModule, TelegramModule, PacingModule, NotificationsModule, ConversationsModule, ReputationModule, WorkersPushesModule],
  providers: [SellerBot, SellerListingsLookup, NotifyProcessor],
  // The buyers' alerts go out through the same bot.
  exports: [SellerBot],
})
export class BotModule {}
