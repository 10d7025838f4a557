import { InjectQueue } from '@nestjs/bullmq';
import { DelayedError, Job, Queue, UnrecoverableError } from 'bullmq';
import { AppConfig, ChannelPostingService, type PhotoFormat } from '@market/backend';
import { CHANNEL_PUBLISH_JOB, QUEUES, channelPublishJobSchema, parseEventPayload, type SocialChannel } from '@market/contracts';
import { DestinationPacer, type Destination } from '../pacing/destination-pacer';
import { toChannelListing } from './channel-listing';
import { OutcomeUnknownError } from './channels/channel-publisher';
import { ChannelPublishers } from './channel-publishers';
import { loadPublicationProgress } from './publication-progress';
import { PermanentPublishError, RateLimitedError } from './publish-errors';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';

/** Instagram accepts only JPEG ("JPEG is the only image format supported"); Facebook gets the same copy. */
const CHANNEL_PHOTO_FORMAT: Record<SocialChannel, PhotoFormat> = { telegram: 'webp', instagram: 'jpeg', facebook: 'jpeg' };
/** A platform that keeps saying "wait" this often ends the post as failed. */
const RATE_LIMITED_WAITS_AT_MOST = 20;

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
    private readonly pacer: DestinationPacer,
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
    const photoUrls = await this.posting.photoUrls(listingId, CHANNEL_PHOTO_FORMAT[channel]);
    const channelListing = toChannelListing(listing, photoUrls, this.config.PUBLIC_URL);
    const progress = await loadPublicationProgress(this.posting, listingId, channel);
    const turn = await publisher.pacing(channelListing);
    // Waiting for the platform's limit: the listing shows when its post is due.
    await this.pacer.awaitTurn(job, token, turn.destinations, turn.cost, (slot) => this.recordQueued(listingId, channel, slot, null));
    try {
      const link = await publisher.publish(channelListing, progress);
      await this.posting.recordPosted(listingId, channel, link);
    } catch (caught) {
      const error = caught instanceof RateLimitedError ? await this.waitAsAsked(job, token, turn.throttled, caught) : (caught as Error);
      const reason = error.message;
      await this.posting.recordPost(listingId, channel, { posted: false, link: null, state: 'failed', reason });
      this.logger.warn(`Posting listing ${listingId} to ${channel} failed: ${reason}`);
      throw error instanceof PermanentPublishError || error instanceof OutcomeUnknownError ? new UnrecoverableError(reason) : error;
    }
  }

  /**
   * The platform asked to wait: no job posts to the destination before then, and this one comes
   * back after it (DelayedError). A delay uses no attempt, so the waits are counted: a platform
   * that keeps refusing ends the post as failed (the answered error) instead of delaying it forever.
   */
  private async waitAsAsked(job: Job, token: string | undefined, destination: Destination, error: RateLimitedError): Promise<PermanentPublishError> {
    const { listingId, channel } = channelPublishJobSchema.parse(job.data);
    const waits = Number((job.data as { rateLimitedWaits?: number }).rateLimitedWaits ?? 0) + 1;
    if (waits > RATE_LIMITED_WAITS_AT_MOST) return new PermanentPublishError(`Still refused after ${RATE_LIMITED_WAITS_AT_MOST} waits: ${error.message}`);
    const until = Date.now() + error.retryAfterMs;
    await this.pacer.blockUntil(destination, until);
    await this.recordQueued(listingId, channel, until, error.message);
    await job.updateData({ ...(job.data as object), rateLimitedWaits: waits });
    await job.moveToDelayed(until, token);
    throw new DelayedError();
  }

  private recordQueued(listingId: string, channel: SocialChannel, slot: number, reason: string | null): Promise<void> {
    return this.posting.recordPost(listingId, channel, { posted: false, link: null, state: 'queued', reason, eta: new Date(slot).toISOString() });
  }
}
