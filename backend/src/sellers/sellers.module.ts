import { Module } from '@nestjs/common';
import { BuyerListingsModule } from '../browse/buyer-listings/buyer-listings.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { ReputationModule } from '../reputation/reputation.module';
import { UsersModule } from '../users/users.module';
import { SellerSignalsController, SellersController } from './sellers.controller';
import { SellersService } from './sellers.service';

@Module({
  imports: [UsersModule, BuyerListingsModule, ConversationsModule, ReputationModule],
  controllers: [SellersController, SellerSignalsController],
  providers: [SellersService],
})
export class SellersModule {}
