import { plainCaption } from '../caption';
import { channelAnswered } from '../publish-errors';
import { postOnce, type ChannelListing, type ChannelPublisher, type PublishProgress } from './channel-publisher';
import { GraphClient } from './graph-client';

/** Instagram allows 2 to 10 items in a carousel; a single photo is posted as an image. */
const CAROUSEL_LIMIT = 10;

export interface InstagramOptions {
  graphUrl: string;
  userId?: string;
  accessToken?: string;
}

/** Content publishing: item containers, the carousel container, media_publish, then the permalink. */
export class InstagramPublisher implements ChannelPublisher {
  readonly channel = 'instagram' as const;
  private readonly graph: GraphClient | undefined;

  constructor(private readonly options: InstagramOptions) {
    this.graph = options.accessToken ? new GraphClient(options.graphUrl, options.accessToken) : undefined;
  }

  get configured(): boolean {
    return Boolean(this.graph && this.options.userId);
  }

  async publish(listing: ChannelListing, progress: PublishProgress): Promise<string> {
    const graph = this.graph!;
    const user = this.options.userId!;
    let mediaId = progress.get('media');
    if (!mediaId) {
      const container = progress.get('container') ?? (await this.createContainer(listing, progress));
      ({ id: mediaId } = await postOnce(progress, 'media', () => graph.post<{ id: string }>(`/${user}/media_publish`, { creation_id: container }), channelAnswered));
      await progress.remember('media', mediaId);
    }
    const { permalink } = await graph.get<{ permalink: string }>(`/${mediaId}`, { fields: 'permalink' });
    return permalink;
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
