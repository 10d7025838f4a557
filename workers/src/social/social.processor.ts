import { InjectQueue } from '@nestjs/bullmq';
import { DelayedError, Job, Queue, UnrecoverableError } from 'bullmq';
import { AppConfig, ChannelPostingService } from '@market/backend';
import { CHANNEL_PUBLISH_JOB, QUEUES, channelPublishJobSchema, parseEventPayload } from '@market/contracts';
import { toChannelListing } from './channel-listing';
import { OutcomeUnknownError } from './channels/channel-publisher';
import { ChannelPublishers } from './channel-publishers';
import { loadPublicationProgress } from './publication-progress';
import { PermanentPublishError, RateLimitedError } from './publish-errors';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';

const CHANNEL_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

/**
 * Posts promoted listings to the social channels: a publish request fans out into one job per
 * channel; each job reloads the listing, skips a channel already posted, and records every
 * remote id as soon as the channel answers, so running it again never posts twice.
 */
// A short lock: a job of a worker that died is taken over by another within about 15 s.
@ProcessorOf(QUEUES.social, { concurrency: 6, lockDuration: 10_000, stalledInterval: 5_000 })
export class SocialProcessor extends QueueProcessor<typeof QUEUES.social> {
  readonly handlers: JobHandlers<typeof QUEUES.social> = {
    'listing.publish-requested': (job) => this.fanOut(job),
    [CHANNEL_PUBLISH_JOB]: (job, token) => this.publish(job, token),
  };

  constructor(
    @InjectQueue(QUEUES.social) private readonly queue: Queue,
    private readonly posting: ChannelPostingService,
    private readonly publishers: ChannelPublishers,
    private readonly config: AppConfig,
  ) {
    super();
  }

  private async fanOut(job: Job): Promise<void> {
    const { listingId, channels } = parseEventPayload('listing.publish-requested', job.data);
    await this.queue.addBulk(
      channels.map((channel) => ({
        name: CHANNEL_PUBLISH_JOB,
        data: { listingId, channel },
        opts: { ...CHANNEL_JOB_OPTIONS, jobId: `${job.id}-${channel}` },
      })),
    );
  }

  private async publish(job: Job, token: string | undefined): Promise<void> {
    const { listingId, channel } = channelPublishJobSchema.parse(job.data);
    const listing = await this.posting.listingToPost(listingId, channel);
    if (!listing) return;

    const publisher = this.publishers.of(channel);
    if (!publisher.configured) {
      await this.posting.recordPost(listingId, channel, { posted: false, link: null, state: 'skipped', reason: 'not configured' });
      return;
    }
    const progress = await loadPublicationProgress(this.posting, listingId, channel);
    try {
      const link = await publisher.publish(toChannelListing(listing, await this.posting.photoUrls(listingId), this.config.PUBLIC_URL), progress);
      await this.posting.recordPosted(listingId, channel, link);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        await this.posting.recordPost(listingId, channel, { posted: false, link: null, state: 'queued', reason: 'rate limited' });
        await job.moveToDelayed(Date.now() + error.retryAfterMs, token);
        throw new DelayedError();
      }
      const reason = (error as Error).message;
      await this.posting.recordPost(listingId, channel, { posted: false, link: null, state: 'failed', reason });
      this.logger.warn(`Posting listing ${listingId} to ${channel} failed: ${reason}`);
      throw error instanceof PermanentPublishError || error instanceof OutcomeUnknownError ? new UnrecoverableError(reason) : error;
    }
  }
}
