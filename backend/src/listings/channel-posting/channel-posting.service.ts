import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { statusAfter, tariffOf, type ChannelSkipReason, type SocialChannel } from '@market/contracts';
import { OutboxService } from '../../events/outbox.service';
import { ImagesService, type CopiesMade } from '../../uploads/images.service';
import { CHANNEL_VARIANT, LISTING_CHANNEL_SHAPE } from '../listing-photo-shapes';
import { ListingEntity, ListingImageEntity, type StoredChannelPost } from '../listing.entity';

/** Photos one statement of the channel copies' backfill reads. */
const CHANNEL_COPIES_BATCH = 50;

/** The format a channel takes its photos in. */
export type PhotoFormat = 'webp' | 'jpeg';

/** What a channel post shows of a listing. */
export type ListingToPost = Pick<ListingEntity, 'id' | 'name' | 'price' | 'valut' | 'storage' | 'ram' | 'condition' | 'region'>;

type Query = (sql: string, parameters: unknown[]) => Promise<unknown>;

/**
 * The listings' side of posting to the social channels: which listing a channel job may post,
 * its photos, each channel's outcome on the listing, and the remote ids a channel returned
 * on the way, so a retried job resumes instead of posting twice.
 */
@Injectable()
export class ChannelPostingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly images: ImagesService,
  ) {}

  /**
   * The listing, unless since the request it was deleted or can no longer be posted (taken
   * off sale, its tariff without this channel), or it is already posted there. A bought repost
   * (issue 39) goes to the channel whatever the tariff and the first post.
   */
  async listingToPost(listingId: string, channel: SocialChannel, repost = false): Promise<ListingToPost | null> {
    const listing = await this.dataSource.getRepository(ListingEntity).findOneBy({ id: listingId });
    if (!listing || listing.deletedAt || !statusAfter('post', listing.status)) return null;
    if (repost) return listing;
    if (!tariffOf(listing.tarif).channels.includes(channel)) return null;
    return listing.posts[channel]?.posted ? null : listing;
  }

  /**
   * The photos' public URLs in the seller's order: the stored WebP, or the JPEG copy in Instagram's
   * ratios made at upload for the platforms that take only JPEG (a photo stored before the copy existed
   * goes as WebP until the backfill made its copy: Instagram refuses it with a reason the admin sees).
   */
  async photoUrls(listingId: string, format: PhotoFormat = 'webp'): Promise<string[]> {
    const photos = await this.dataSource.getRepository(ListingImageEntity).find({ where: { listingId }, order: { position: 'ASC' } });
    return this.images.locationsOf(
      photos.map((photo) => photo.imageId),
      format === 'jpeg' ? CHANNEL_VARIANT : undefined,
    );
  }

  /**
   * Makes the channel copy of every listing photo that has none, or one made before it was padded to
   * Instagram's ratios (the one-off backfill), a batch at a time. Photos done are not selected again and
   * a photo whose file cannot be read is passed over, so it ends and can run twice.
   */
  async makeMissingChannelCopies(): Promise<CopiesMade> {
    const total: CopiesMade = { made: 0, unreadable: 0 };
    for (let afterId: string | null = null; ; ) {
      const batch = await this.images.remakeListingPhotoCopies(CHANNEL_VARIANT, LISTING_CHANNEL_SHAPE, afterId, CHANNEL_COPIES_BATCH);
      total.made += batch.made;
      total.unreadable += batch.unreadable;
      if (!batch.lastId) return total;
      afterId = batch.lastId;
    }
  }

  /** A channel's outcome other than a post: skipped, queued again, failed. */
  async recordPost(listingId: string, channel: SocialChannel, post: StoredChannelPost): Promise<void> {
    await this.setPost(listingId, channel, post, this.dataSource.query.bind(this.dataSource));
  }

  /** A channel the listing will not reach this time (skipped, or failed for good): why is kept for its seller's page and told by the 'listing.channel-skipped' event. */
  async recordSkipped(listingId: string, channel: SocialChannel, post: StoredChannelPost, reason: ChannelSkipReason): Promise<void> {
    await this.dataSource.transaction(async (transaction) => {
      await this.setPost(listingId, channel, { ...post, skipped: reason }, transaction.query.bind(transaction));
      await this.outbox.record(transaction, 'listing.channel-skipped', { listingId, channel, reason });
    });
  }

  /** The post's link, with the 'listing.posted' event that tells the seller, in one transaction. */
  async recordPosted(listingId: string, channel: SocialChannel, link: string): Promise<void> {
    await this.dataSource.transaction(async (transaction) => {
      await this.setPost(listingId, channel, { posted: true, link, state: 'posted', reason: null }, transaction.query.bind(transaction));
      await this.outbox.record(transaction, 'listing.posted', { listingId, channel, link });
    });
  }

  /** The remote ids recorded so far for the listing's post to the channel, by step. */
  async publicationSteps(listingId: string, channel: SocialChannel): Promise<Map<string, string>> {
    const rows: Array<{ step: string; remote_id: string }> = await this.dataSource.query(
      `SELECT step, remote_id FROM channel_publication_step WHERE listing_id = $1 AND channel = $2`,
      [listingId, channel],
    );
    return new Map(rows.map((row) => [row.step, row.remote_id]));
  }

  /** Keeps the first id recorded for a step: a retry never overwrites what the channel answered. */
  async rememberStep(listingId: string, channel: SocialChannel, step: string, remoteId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO channel_publication_step (listing_id, channel, step, remote_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (listing_id, channel, step) DO NOTHING`,
      [listingId, channel, step, remoteId],
    );
  }

  /** An admin's explicit post clears the record of an attempt whose outcome was unknown, on these channels. */
  async forgetUnknownAttempts(transaction: EntityManager, listingId: string, channels: readonly SocialChannel[]): Promise<void> {
    await transaction.query(`DELETE FROM channel_publication_step WHERE listing_id = $1 AND channel = ANY($2) AND step LIKE '%-attempt'`, [
      listingId,
      channels,
    ]);
  }

  async forgetStep(listingId: string, channel: SocialChannel, step: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM channel_publication_step WHERE listing_id = $1 AND channel = $2 AND step = $3`, [
      listingId,
      channel,
      step,
    ]);
  }

  /** Sets one channel's entry of the listing's posts in a single statement, so parallel channel jobs never overwrite each other. */
  private async setPost(listingId: string, channel: SocialChannel, post: StoredChannelPost, query: Query): Promise<void> {
    await query(`UPDATE listing SET posts = jsonb_set(posts, $2::text[], $3::jsonb) WHERE id = $1`, [listingId, [channel], JSON.stringify(post)]);
  }
}
