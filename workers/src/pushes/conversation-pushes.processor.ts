import { ConversationsService } from '@market/backend';
import { QUEUES, parseEventPayload } from '@market/contracts';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';

/**
 * Each message of a conversation pushed to both people's open pages from its outbox event, through the Redis adapter
 * (WorkersPushes). The API pushes it right after the commit too; this one is the guarantee when that API process died
 * in between. Safe to run again: a page keeps each message id once.
 */
@ProcessorOf(QUEUES.pushes, { concurrency: 8 })
export class ConversationPushesProcessor extends QueueProcessor<typeof QUEUES.pushes> {
  readonly handlers: JobHandlers<typeof QUEUES.pushes> = {
    'conversation.message-sent': (job) => this.conversations.pushFromOutbox(parseEventPayload('conversation.message-sent', job.data).messageId),
  };

  constructor(private readonly conversations: ConversationsService) {
    super();
  }
}
