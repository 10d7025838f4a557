import { Module } from '@nestjs/common';
import { ConversationsModule, WorkersPushesModule } from '@market/backend';
import { ConversationPushesProcessor } from './conversation-pushes.processor';

/** The `pushes` queue: conversation messages pushed to open pages from the outbox. */
@Module({
  imports: [ConversationsModule, WorkersPushesModule],
  providers: [ConversationPushesProcessor],
})
export class ConversationPushesModule {}
