import { Module } from '@nestjs/common';
import { SellerListingsModule, TelegramModule } from '@market/backend';
import { NotifyProcessor } from './notify.processor';
import { SellerBot } from './seller-bot.service';
import { SellerListingsLookup } from './seller-listings.lookup';

@Module({
  imports: [SellerListingsModule, TelegramModule],
  providers: [SellerBot, SellerListingsLookup, NotifyProcessor],
})
export class BotModule {}
