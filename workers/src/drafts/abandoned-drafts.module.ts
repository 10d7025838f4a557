import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { AbandonedDraftsModule as AbandonedDraftsServiceModule } from '@market/backend';
import { QUEUES } from '@market/contracts';
import { AbandonedDraftsProcessor } from './abandoned-drafts.processor';

/** The `drafts` queue: the scheduled removal of abandoned drafts. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.drafts }), AbandonedDraftsServiceModule],
  providers: [AbandonedDraftsProcessor],
})
export class AbandonedDraftsModule {}
