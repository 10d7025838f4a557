import { Module } from '@nestjs/common';
import { TelegramModule } from '../../../backend/src/telegram/telegram.module';
import { NotifyProcessor } from './notify.processor';
import { SellerBot } from './seller-bot.service';
import { SellerListingsLookup } from './seller-listings.lookup';

@Module({
  imports: [TelegramModule],
  providers: [SellerBot, SellerListingsLookup, NotifyProcessor],
})
export class BotModule {}
