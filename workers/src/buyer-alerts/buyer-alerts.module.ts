import { Module } from '@nestjs/common';
import { FavouritesModule, NotificationsModule, SavedSearchAlertsModule, TelegramModule } from '@market/backend';
import { BotModule } from '../bot/bot.module';
import { PacingModule } from '../pacing/pacing.module';
import { BuyerAlertsProcessor } from './buyer-alerts.processor';
import { BuyerMessages } from './buyer-messages';
import { SavedSearchDigestScheduler } from './saved-search-digest.scheduler';

@Module({
  imports: [SavedSearchAlertsModule, FavouritesModule, TelegramModule, BotModule, PacingModule, NotificationsModule],
  providers: [BuyerMessages, BuyerAlertsProcessor, SavedSearchDigestScheduler],
  exports: [SavedSearchDigestScheduler],
})
export class BuyerAlertsModule {}
