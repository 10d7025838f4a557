import { Module } from '@nestjs/common';
import { BuyerListingsModule } from '../browse/buyer-listings/buyer-listings.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { EventsModule } from '../events/events.module';
import { DealsService } from './deals.service';
import { ReputationController } from './reputation.controller';
import { ReviewsService } from './reviews.service';
import { SellerRatingsModule } from './seller-ratings.module';

/**
 * Reputation earned in real deals (issue 38): deals, reviews both ways, ratings; owns their tables.
 * The listings module records a deal in its sale's transaction (DealsService.open).
 */
@Module({
  imports: [ConversationsModule, BuyerListingsModule, SellerRatingsModule, EventsModule],
  controllers: [ReputationController],
  providers: [DealsService, ReviewsService],
  exports: [DealsService, ReviewsService, SellerRatingsModule],
})
export class ReputationModule {}
