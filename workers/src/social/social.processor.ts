import { InjectQueue } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, Job, Queue, UnrecoverableError } from 'bullmq';
import { AppConfig, ChannelPostingService, PromotionSettlement, type PhotoFormat } from '@market/backend';
import {
  CHANNEL_COPIES_BACKFILL_JOB,
  CHANNEL_PUBLISH_JOB,
  QUEUES,
  SOCIAL_CHANNELS,
  channelPublishJobSchema,
  parseEventPayload,
  type SocialChannel,
} from '@market/contracts';
import { DestinationPacer, type Destination } from '../pacing/destination-pacer';
import { toChannelListing } from './channel-listing';
import { OutcomeUnknownError } from './channels/channel-publisher';
import { ChannelPublishers } from './channel-publishers';
import { loadPublicationProgress } from './publication-progress';
import { PermanentPublishError, RateLimitedError, RepostStoppedError, StillProcessingError } from './publish-errors';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';

/**
 * Instagram accepts only JPEG ("JPEG is the only image format supported"); Telegram takes a photo by URL
 * only in a type it knows (JPEG, PNG: a WebP is refused and ends the post); Facebook gets the same copy.
 */
const CHANNEL_PHOTO_FORMAT: Record<SocialChannel, PhotoFormat> = { telegram: 'jpeg', instagram: 'jpeg', facebook: 'jpeg' };
/** A platform that keeps saying "wait" this often ends the post as failed. */
const RATE_LIMITED_WAITS_AT_MOST = 20;
/** What a channel still processes is checked this many times from the delayed set (Instagram's guide: once a minute for five minutes). */
const PROCESSING_CHECKS_AT_MOST = 5;

/** The delays a channel job counts in its data: the platform's "wait"s, and checks of what it was still processing. */
type DelayCount = 'rateLimitedWaits' | 'processingChecks';
const countOf = (job: Job, count: DelayCount) => Number((job.data as Partial<Record<DelayCount, number>>)[count] ?? 0);

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
export class SocialProcessor extends QueueProcessor<typeof QUEUES.social> implements OnApplicationBootstrap {
  readonly handlers: JobHandlers<typeof QUEUES.social> = {
    'listing.publish-requested': (job) => this.fanOut(job),
    'promotion.repost-requested': (job) => this.fanOutRepost(job),
    [CHANNEL_PUBLISH_JOB]: (job, token) => this.publish(job, token),
    [CHANNEL_COPIES_BACKFILL_JOB]: () => this.backfillChannelCopies(),
  };

  constructor(
    @InjectQueue(QUEUES.social) private readonly queue: Queue,
    private readonly posting: ChannelPostingService,
    private readonly publishers: ChannelPublishers,
    private readonly pacer: DestinationPacer,
    private readonly config: AppConfig,
    private readonly promotions: PromotionSettlement,
  ) {
    super();
  }

  /** Adds the channel copies' backfill once: BullMQ adds no job whose id it still keeps, and this one is kept when done. */
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.add(CHANNEL_COPIES_BACKFILL_JOB, {}, { jobId: CHANNEL_COPIES_BACKFILL_JOB, attempts: 5, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: false });
  }

  private async backfillChannelCopies(): Promise<void> {
    const { made, unreadable } = await this.posting.makeMissingChannelCopies();
    if (made || unreadable) this.logger.log(`Made the channel copy of ${made} listing photos; ${unreadable} could not be read from the storage`);
  }

  private async fanOut(job: Job): Promise<void> {
    const { listingId, channels } = parseEventPayload('listing.publish-requested', job.data);
    await this.addChannelJobs(job, channels, { listingId });
  }

  /**
   * A bought repost (issue 39) goes to every configured channel, paced like every post; with none
   * configured it cannot run: refunded. The promotion keeps the channels it went to, to be refunded
   * when every one of them gave it up.
   */
  private async fanOutRepost(job: Job): Promise<void> {
    const { promotionId, listingId } = parseEventPayload('promotion.repost-requested', job.data);
    const channels = SOCIAL_CHANNELS.filter((channel) => this.publishers.of(channel).configured);
    if (channels.length === 0) {
      await this.promotions.refund(promotionId);
      return;
    }
    await this.promotions.repostSentTo(promotionId, channels);
    await this.addChannelJobs(job, channels, { listingId, repostOf: promotionId });
  }

  /** One job per channel, its id the request's: a request handled twice adds no job twice. */
  private async addChannelJobs(job: Job, channels: readonly SocialChannel[], data: { listingId: string; repostOf?: string }): Promise<void> {
    await this.queue.addBulk(
      channels.map((channel) => ({
        name: CHANNEL_PUBLISH_JOB,
        data: { ...data, channel },
        opts: { ...CHANNEL_JOB_OPTIONS, jobId: `${job.id}-${channel}` },
      })),
    );
  }

  private async publish(job: Job, token: string | undefined): Promise<void> {
    const { listingId, channel, repostOf } = channelPublishJobSchema.parse(job.data);
    // Refunded while the job waited (its listing left sale, or no channel took it within a day): it posts nothing, even back on sale.
    if (repostOf && (await this.promotions.repostStopped(repostOf))) return this.logRepostRefunded(listingId, channel, repostOf);
    // A repost whose listing left sale is refunded by the promotions' settlement.
    const listing = await this.posting.listingToPost(listingId, channel, !!repostOf);
    if (!listing) return;

    const publisher = this.publishers.of(channel);
    if (!publisher.configured) {
      if (!repostOf) await this.posting.recordSkipped(listingId, channel, { posted: false, link: null, state: 'skipped', reason: 'not configured' }, 'notConfigured');
      else await this.promotions.repostRefused(repostOf, channel);
      return;
    }
    const photoUrls = await this.posting.photoUrls(listingId, CHANNEL_PHOTO_FORMAT[channel]);
    const channelListing = toChannelListing(listing, photoUrls, this.config.PUBLIC_URL);
    const progress = await loadPublicationProgress(this.posting, this.promotions, listingId, channel, repostOf);
    const turn = await publisher.pacing(channelListing);
    // Waiting for the platform's limit: the listing shows when its post is due. A job back to check
    // what the channel was still processing took its turn before it left.
    if (countOf(job, 'processingChecks') === 0) {
      await this.pacer.awaitTurn(job, token, turn.destinations, turn.cost, (slot) => this.recordQueued(job, slot, null));
    }
    try {
      const link = await publisher.publish(channelListing, progress);
      await this.posting.recordPosted(listingId, channel, link);
    } catch (caught) {
      if (caught instanceof RepostStoppedError) return this.logRepostRefunded(listingId, channel, repostOf!);
      if (caught instanceof StillProcessingError) await this.checkLater(job, token, caught);
      const error = caught instanceof RateLimitedError ? await this.waitAsAsked(job, token, turn.throttled, caught) : (caught as Error);
      const reason = error.message;
      const final = error instanceof PermanentPublishError || error instanceof OutcomeUnknownError;
      const givenUp = final || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      // A repost that fails leaves the listing's first post as it was; given up by every channel, it is refunded.
      // The seller is told once the workers give up a first post.
      if (repostOf) {
        if (givenUp) await this.promotions.repostRefused(repostOf, channel);
      } else {
        const failed = { posted: false, link: null, state: 'failed', reason } as const;
        if (givenUp) await this.posting.recordSkipped(listingId, channel, failed, 'gaveUp');
        else await this.posting.recordPost(listingId, channel, failed);
      }
      this.logger.warn(`Posting listing ${listingId} to ${channel} failed: ${reason}`);
      throw final ? new UnrecoverableError(reason) : error;
    }
  }

  private logRepostRefunded(listingId: string, channel: SocialChannel, promotionId: string): void {
    this.logger.log(`Repost ${promotionId} of listing ${listingId} was refunded before ${channel} posted it: nothing posted`);
  }

  /**
   * The platform asked to wait: no job posts to the destination before then, and this one comes
   * back after it (DelayedError). A delay uses no attempt, so the waits are counted: a platform
   * that keeps refusing ends the post as failed (the answered error) instead of delaying it forever.
   */
  private async waitAsAsked(job: Job, token: string | undefined, destination: Destination, error: RateLimitedError): Promise<PermanentPublishError> {
    const waits = countOf(job, 'rateLimitedWaits') + 1;
    if (waits > RATE_LIMITED_WAITS_AT_MOST) return new PermanentPublishError(`Still refused after ${RATE_LIMITED_WAITS_AT_MOST} waits: ${error.message}`);
    const until = Date.now() + error.retryAfterMs;
    await this.pacer.blockUntil(destination, until);
    return this.comeBackAt(job, token, until, error.message, { rateLimitedWaits: waits });
  }

  /**
   * The channel is still processing the post (an Instagram container): the job comes back to check
   * it (DelayedError), and the listing shows the post as queued until then. Past
   * PROCESSING_CHECKS_AT_MOST checks this returns, and the check fails the attempt: BullMQ's retry,
   * with its backoff, checks the same container again.
   */
  private async checkLater(job: Job, token: string | undefined, error: StillProcessingError): Promise<void> {
    const checks = countOf(job, 'processingChecks') + 1;
    if (checks > PROCESSING_CHECKS_AT_MOST) return;
    await this.comeBackAt(job, token, Date.now() + error.checkAgainMs, error.message, { processingChecks: checks });
  }

  /** Shows the post as queued until `until`, keeps the job's count of its delays and sends it to the delayed set (DelayedError). */
  private async comeBackAt(job: Job, token: string | undefined, until: number, reason: string, counted: Partial<Record<DelayCount, number>>): Promise<never> {
    await this.recordQueued(job, until, reason);
    await job.updateData({ ...(job.data as object), ...counted });
    await job.moveToDelayed(until, token);
    throw new DelayedError();
  }

  /** The listing shows its post as queued; a repost's wait leaves the first post's link shown. */
  private async recordQueued(job: Job, slot: number, reason: string | null): Promise<void> {
    const { listingId, channel, repostOf } = channelPublishJobSchema.parse(job.data);
    if (repostOf) return;
    await this.posting.recordPost(listingId, channel, { posted: false, link: null, state: 'queued', reason, eta: new Date(slot).toISOString() });
  }
}
