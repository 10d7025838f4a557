import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { BuyerListingsModule } from '../browse/buyer-listings/buyer-listings.module';
import { ImagesModule } from '../uploads/images.module';
import { ConversationsLive } from './conversations-live';
import { ConversationsController } from './conversations.controller';
import { ConversationsService } from './conversations.service';

/** Buyers and sellers talking about a listing on the platform (issue 37); owns the conversation tables. */
@Module({
  imports: [BuyerListingsModule, ImagesModule, EventsModule],
  controllers: [ConversationsController],
  providers: [ConversationsService, ConversationsLive],
  exports: [ConversationsService, ConversationsLive],
})
export class ConversationsModule {}
