import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListingEntity } from '../../../backend/src/listings/listing.entity';
import { TelegramModule } from '../../../backend/src/telegram/telegram.module';
import { NotifyProcessor } from './notify.processor';
import { SellerBot } from './seller-bot.service';
import { SellerListingsLookup } from './seller-listings.lookup';

@Module({
  // The listing entity must be registered here: in its own process the workers app knows only the entities its modules list.
  imports: [TypeOrmModule.forFeature([ListingEntity]), TelegramModule],
  providers: [SellerBot, SellerListingsLookup, NotifyProcessor],
})
export class BotModule {}
