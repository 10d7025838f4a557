import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@market/contracts';
import { EventsModule } from '../../../backend/src/events/events.module';
import { ChannelPublishers } from './channel-publishers';
import { SocialProcessor } from './social.processor';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.social }), EventsModule],
  providers: [ChannelPublishers, SocialProcessor],
})
export class SocialModule {}
