import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { ChannelPostingModule, PromotionSettlementModule, RateLimitModule } from '@market/backend';
import { QUEUES } from '@market/contracts';
import { PacingModule } from '../pacing/pacing.module';
import { ChannelPublishers } from './channel-publishers';
import { SocialProcessor } from './social.processor';

/** Channel posts, a bought repost's included (whose refund goes through the ledger, and its users module needs the rate limits). */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.social }), ChannelPostingModule, PacingModule, RateLimitModule, PromotionSettlementModule],
  providers: [ChannelPublishers, SocialProcessor],
})
export class SocialModule {}
