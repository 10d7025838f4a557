import { plainCaption } from '../caption';
import { channelAnswered } from '../publish-errors';
import type { Destination } from '../../pacing/destination-pacer';
import { postOnce, type ChannelListing, type ChannelPublisher, type PacedSend, type PublishProgress } from './channel-publisher';
import { channelGraphClient, type GraphChannelOptions, type GraphClient } from './graph-client';

/**
 * Meta publishes no count of Page posts; the Page's calls are limited by Graph's usage (an hour's
 * share, in the usage headers), which holds this destination back when it nears its limit.
 */
const PAGE_POSTS_PER_HOUR = 1_000_000;

export interface FacebookOptions extends GraphChannelOptions {
  pageId?: string;
  pageToken?: string;
}

/** A Page post: photos uploaded unpublished, a feed post attaching them, then its permalink_url. */
export class FacebookPublisher implements ChannelPublisher {
  readonly channel = 'facebook' as const;
  private readonly graph: GraphClient | undefined;

  constructor(private readonly options: FacebookOptions) {
    this.graph = channelGraphClient(options, options.pageToken, () => this.page());
  }

  get configured(): boolean {
    return Boolean(this.graph && this.options.pageId);
  }

  async pacing(): Promise<PacedSend> {
    return { destinations: [this.page()], cost: 1, throttled: this.page() };
  }

  private page(): Destination {
    return { key: `facebook:${this.options.pageId}`, limit: PAGE_POSTS_PER_HOUR, windowMs: 3_600_000 * (this.options.timeScale ?? 1) };
  }

  async publish(listing: ChannelListing, progress: PublishProgress): Promise<string> {
    const graph = this.graph!;
    const page = this.options.pageId!;
    let postId = progress.get('post');
    if (!postId) {
      const photoIds: string[] = [];
      for (const [index, url] of listing.photoUrls.entries()) {
        const step = `photo-${index}`;
        let photoId = progress.get(step);
        if (!photoId) {
          ({ id: photoId } = await graph.post<{ id: string }>(`/${page}/photos`, { url, published: 'false' }));
          await progress.remember(step, photoId);
        }
        photoIds.push(photoId);
      }
      const feedPost = { message: plainCaption(listing), attached_media: JSON.stringify(photoIds.map((id) => ({ media_fbid: id }))) };
      ({ id: postId } = await postOnce(progress, 'post', () => graph.post<{ id: string }>(`/${page}/feed`, feedPost), channelAnswered));
      await progress.remember('post', postId);
    }
    const { permalink_url: link } = await graph.get<{ permalink_url: string }>(`/${postId}`, { fields: 'permalink_url' });
    return link;
  }
}
