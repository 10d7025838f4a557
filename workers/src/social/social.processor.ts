import { InjectQueue, Processor } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { DelayedError, Job, Queue, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  CHANNEL_PUBLISH_JOB,
  PROMOTED_TARIFF,
  QUEUES,
  channelPublishJobSchema,
  parseEventPayload,
  type SocialChannel,
} from '@market/contracts';
import { AppConfig } from '../../../backend/src/config/app-config';
import { OutboxService } from '../../../backend/src/events/outbox.service';
import { ListingEntity, type StoredChannelPost } from '../../../backend/src/listings/listing.entity';
import { toChannelListing } from './channel-listing';
import { OutcomeUnknownError } from './channels/channel-publisher';
import { ChannelPublishers } from './channel-publishers';
import { loadPublicationProgress } from './publication-progress';
import { PermanentPublishError, RateLimitedError } from './publish-errors';
import { QueueProcessor } from '../queue-processor';

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
@Processor(QUEUES.social, { concurrency: 6, lockDuration: 10_000, stalledInterval: 5_000 })
export class SocialProcessor extends QueueProcessor {

  constructor(
    @InjectQueue(QUEUES.social) private readonly queue: Queue,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly publishers: ChannelPublishers,
    private readonly outbox: OutboxService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async process(job: Job, token?: string): Promise<void> {
    if (job.name === 'listing.publish-requested') return this.fanOut(job);
    if (job.name === CHANNEL_PUBLISH_JOB) return this.publish(job, token);
    throw new UnrecoverableError(`The social queue has no handler for ${job.name}`);
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
    const listing = await this.dataSource.getRepository(ListingEntity).findOneBy({ id: listingId });
    // Deleted, taken off sale or no longer promoted since the request: nothing to post.
    if (!listing || listing.deletedAt || listing.status !== 'active' || listing.tarif !== PROMOTED_TARIFF) return;
    if (listing.posts[channel]?.posted) return;

    const publisher = this.publishers.of(channel);
    if (!publisher.configured) {
      await this.recordPost(listingId, channel, { posted: false, link: null, state: 'skipped', reason: 'not configured' });
      return;
    }
    const progress = await loadPublicationProgress(this.dataSource, listingId, channel);
    try {
      const link = await publisher.publish(toChannelListing(listing, await this.photoUrls(listingId), this.config.PUBLIC_URL), progress);
      await this.dataSource.transaction(async (transaction) => {
        await this.recordPost(listingId, channel, { posted: true, link, state: 'posted', reason: null }, transaction.query.bind(transaction));
        await this.outbox.record(transaction, 'listing.posted', { listingId, channel, link });
      });
    } catch (error) {
      if (error instanceof RateLimitedError) {
        await this.recordPost(listingId, channel, { posted: false, link: null, state: 'queued', reason: 'rate limited' });
        await job.moveToDelayed(Date.now() + error.retryAfterMs, token);
        throw new DelayedError();
      }
      const reason = (error as Error).message;
      await this.recordPost(listingId, channel, { posted: false, link: null, state: 'failed', reason });
      this.logger.warn(`Posting listing ${listingId} to ${channel} failed: ${reason}`);
      throw error instanceof PermanentPublishError || error instanceof OutcomeUnknownError ? new UnrecoverableError(reason) : error;
    }
  }

  private async photoUrls(listingId: string): Promise<string[]> {
    const rows: Array<{ location: string }> = await this.dataSource.query(
      `SELECT i.location FROM listing_image li JOIN images i ON i.id = li.image_id WHERE li.listing_id = $1 ORDER BY li.position`,
      [listingId],
    );
    return rows.map((row) => row.location);
  }

  /** Sets one channel's entry of the listing's posts in a single statement, so parallel channel jobs never overwrite each other. */
  private async recordPost(
    listingId: string,
    channel: SocialChannel,
    post: StoredChannelPost,
    query: (sql: string, parameters: unknown[]) => Promise<unknown> = this.dataSource.query.bind(this.dataSource),
  ): Promise<void> {
    await query(`UPDATE listing SET posts = jsonb_set(posts, $2::text[], $3::jsonb) WHERE id = $1`, [
      listingId,
      [channel],
      JSON.stringify(post),
    ]);
  }
}
