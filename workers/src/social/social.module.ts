import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QUEUES } from '@market/contracts';
import { EventsModule } from '../../../backend/src/events/events.module';
import { ListingEntity } from '../../../backend/src/listings/listing.entity';
import { ChannelPublishers } from './channel-publishers';
import { SocialProcessor } from './social.processor';

@Module({
  // The listing entity must be registered here: in its own process the workers app knows only the entities its modules list.
  imports: [BullModule.registerQueue({ name: QUEUES.social }), TypeOrmModule.forFeature([ListingEntity]), EventsModule],
  providers: [ChannelPublishers, SocialProcessor],
})
export class SocialModule {}
