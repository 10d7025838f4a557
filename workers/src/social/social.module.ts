import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { ChannelPostingModule } from '@market/backend';
import { QUEUES } from '@market/contracts';
import { PacingModule } from '../pacing/pacing.module';
import { ChannelPublishers } from './channel-publishers';
import { SocialProcessor } from './social.processor';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.social }), ChannelPostingModule, PacingModule],
  providers: [ChannelPublishers, SocialProcessor],
})
export class SocialModule {}
