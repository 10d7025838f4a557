import { ABANDONED_DRAFT_AGE_MS, AbandonedDraftsService } from '@market/backend';
import { ABANDONED_DRAFTS_JOB, QUEUES } from '@market/contracts';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';
import { removeInBatches } from '../remove-in-batches';

const BATCH = 100;

/**
 * Removes drafts untouched for 30 days with their photos, hourly (schedules.ts). Each run removes
 * whatever is abandoned now, so a retried or repeated run does nothing twice.
 */
@ProcessorOf(QUEUES.drafts)
export class AbandonedDraftsProcessor extends QueueProcessor<typeof QUEUES.drafts> {
  readonly handlers: JobHandlers<typeof QUEUES.drafts> = { [ABANDONED_DRAFTS_JOB]: () => this.removeAbandoned() };

  constructor(private readonly drafts: AbandonedDraftsService) {
    super();
  }

  /** Answers how many drafts were removed. */
  async removeAbandoned(now = new Date()): Promise<number> {
    const olderThan = new Date(now.getTime() - ABANDONED_DRAFT_AGE_MS);
    const total = await removeInBatches(BATCH, (limit) => this.drafts.remove(olderThan, limit));
    if (total) this.logger.log(`Removed ${total} abandoned drafts`);
    return total;
  }
}
