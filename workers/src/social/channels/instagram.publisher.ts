import { plainCaption } from '../caption';
import { ContainerUnusableError, PermanentPublishError, StillProcessingError, channelAnswered } from '../publish-errors';
import type { Destination } from '../../pacing/destination-pacer';
import { postOnce, type ChannelListing, type ChannelPublisher, type PacedSend, type PublishProgress } from './channel-publisher';
import { channelGraphClient, type GraphChannelOptions, type GraphClient } from './graph-client';

/** Instagram allows 2 to 10 items in a carousel; a single photo is posted as an image. */
const CAROUSEL_LIMIT = 10;
const DAY_SECONDS = 86_400;
/** content_publishing_limit is read at most this often (scaled with the pacing's time). */
const QUOTA_CACHE_MS = 60_000;
/**
 * A container is checked until FINISHED: the guide suggests once a minute for at most five
 * minutes. Images usually finish within seconds, so a new container's first checks come sooner,
 * in the job (after 1, 2, 4 and 8 s); then the job checks once a minute from BullMQ's delayed set
 * (StillProcessingError), holding none of the worker's jobs meanwhile. Scaled with the pacing's time.
 */
const STATUS_FIRST_CHECK_MS = 1_000;
const STATUS_CHECKS_IN_PLACE = 5;
const STATUS_CHECK_LATER_MS = 60_000;

export interface InstagramOptions extends GraphChannelOptions {
  userId?: string;
  accessToken?: string;
  /** Posts in a moving 24 hours until content_publishing_limit answers (INSTAGRAM_POSTS_PER_DAY). */
  postsPerDay?: number;
}

type ContainerStatus = 'EXPIRED' | 'ERROR' | 'FINISHED' | 'IN_PROGRESS' | 'PUBLISHED';

/**
 * Content publishing: JPEG item containers, the carousel container, its status polled to
 * FINISHED, media_publish, then the permalink. The account's 50 posts in a moving 24 hours
 * are a destination of the pacer, sized by content_publishing_limit.
 */
export class InstagramPublisher implements ChannelPublisher {
  readonly channel = 'instagram' as const;
  private readonly graph: GraphClient | undefined;
  private quota: { total: number; windowMs: number; used: number; readAt: number } | undefined;

  constructor(private readonly options: InstagramOptions) {
    this.graph = channelGraphClient(options, options.accessToken, () => this.account(options.postsPerDay ?? 50, DAY_SECONDS * 1000));
  }

  get configured(): boolean {
    return Boolean(this.graph && this.options.userId);
  }

  /** One post of the account's quota; posts published by others (another tool, the app) count too. */
  async pacing(): Promise<PacedSend> {
    const quota = await this.readQuota();
    const account = this.account(quota.total, quota.windowMs);
    const ours = this.options.pacer ? await this.options.pacer.sentRecently(account) : 0;
    const others = Math.max(0, quota.used - ours);
    const destination = { ...account, limit: Math.max(1, quota.total - others) };
    return { destinations: [destination], cost: 1, throttled: destination };
  }

  async publish(listing: ChannelListing, progress: PublishProgress): Promise<string> {
    const graph = this.graph!;
    const user = this.options.userId!;
    let mediaId = progress.get('media');
    if (!mediaId) {
      const container = await this.finishedContainer(listing, progress);
      try {
        ({ id: mediaId } = await postOnce(progress, 'media', () => graph.post<{ id: string }>(`/${user}/media_publish`, { creation_id: container }), channelAnswered));
      } catch (error) {
        if (error instanceof ContainerUnusableError) await progress.forget('container');
        throw error;
      }
      await progress.remember('media', mediaId);
      this.quota = this.quota && { ...this.quota, used: this.quota.used + 1 };
    }
    const { permalink } = await graph.get<{ permalink: string }>(`/${mediaId}`, { fields: 'permalink' });
    return permalink;
  }

  private account(limit: number, windowMs: number): Destination {
    return { key: `instagram:${this.options.userId}`, limit, windowMs: windowMs * (this.options.timeScale ?? 1) };
  }

  private async readQuota(): Promise<{ total: number; windowMs: number; used: number }> {
    const scale = this.options.timeScale ?? 1;
    if (this.quota && Date.now() - this.quota.readAt < QUOTA_CACHE_MS * scale) return this.quota;
    const { data } = await this.graph!.get<{ data: Array<{ quota_usage?: number; config?: { quota_total?: number; quota_duration?: number } }> }>(
      `/${this.options.userId}/content_publishing_limit`,
      { fields: 'quota_usage,config' },
    );
    const [limit] = data ?? [];
    this.quota = {
      total: limit?.config?.quota_total ?? this.options.postsPerDay ?? 50,
      windowMs: (limit?.config?.quota_duration ?? DAY_SECONDS) * 1000,
      used: limit?.quota_usage ?? 0,
      readAt: Date.now(),
    };
    return this.quota;
  }

  /** The stored container unless it expired (a container lives 24 hours), else a new one; answers once it is FINISHED. */
  private async finishedContainer(listing: ChannelListing, progress: PublishProgress): Promise<string> {
    const stored = progress.get('container');
    if (stored) {
      const status = await this.awaitStatus(stored, 1);
      if (status.code !== 'EXPIRED') return this.publishable(stored, status, progress);
      await progress.forget('container');
    }
    const container = await this.createContainer(listing, progress);
    return this.publishable(container, await this.awaitStatus(container, STATUS_CHECKS_IN_PLACE), progress);
  }

  /** FINISHED goes on to media_publish (so does PUBLISHED: the attempt's record then stops a second post); ERROR or EXPIRED fail with the reason. */
  private async publishable(container: string, status: { code: ContainerStatus; reason?: string }, progress: PublishProgress): Promise<string> {
    if (status.code === 'FINISHED' || status.code === 'PUBLISHED') return container;
    await progress.forget('container');
    throw new PermanentPublishError(`Instagram container ${status.code}: ${status.reason ?? 'no reason given'}`);
  }

  /** Checks the container's status_code, `checks` times at most with backoff, until it leaves IN_PROGRESS. */
  private async awaitStatus(container: string, checks: number): Promise<{ code: ContainerStatus; reason?: string }> {
    const scale = this.options.timeScale ?? 1;
    for (let check = 1, waitMs = STATUS_FIRST_CHECK_MS * scale; ; check++, waitMs *= 2) {
      const { status_code: code, status: reason } = await this.graph!.get<{ status_code: ContainerStatus; status?: string }>(`/${container}`, {
        fields: 'status_code,status',
      });
      if (code !== 'IN_PROGRESS') return { code, reason };
      if (check >= checks) throw new StillProcessingError(STATUS_CHECK_LATER_MS * scale, `Instagram container ${container} still IN_PROGRESS`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  private async createContainer(listing: ChannelListing, progress: PublishProgress): Promise<string> {
    const graph = this.graph!;
    const user = this.options.userId!;
    const caption = plainCaption(listing);
    const photos = listing.photoUrls.slice(0, CAROUSEL_LIMIT);
    let container: string;
    if (photos.length === 1) {
      ({ id: container } = await graph.post<{ id: string }>(`/${user}/media`, { image_url: photos[0], caption }));
    } else {
      const children: string[] = [];
      for (const imageUrl of photos) {
        const item = await graph.post<{ id: string }>(`/${user}/media`, { image_url: imageUrl, is_carousel_item: 'true' });
        children.push(item.id);
      }
      ({ id: container } = await graph.post<{ id: string }>(`/${user}/media`, {
        media_type: 'CAROUSEL',
        children: children.join(','),
        caption,
      }));
    }
    await progress.remember('container', container);
    return container;
  }
}
