import { plainCaption } from '../caption';
import { channelAnswered } from '../publish-errors';
import { postOnce, type ChannelListing, type ChannelPublisher, type PublishProgress } from './channel-publisher';
import { GraphClient } from './graph-client';

export interface FacebookOptions {
  graphUrl: string;
  pageId?: string;
  pageToken?: string;
}

/** A Page post: photos uploaded unpublished, a feed post attaching them, then its permalink_url. */
export class FacebookPublisher implements ChannelPublisher {
  readonly channel = 'facebook' as const;
  private readonly graph: GraphClient | undefined;

  constructor(private readonly options: FacebookOptions) {
    this.graph = options.pageToken ? new GraphClient(options.graphUrl, options.pageToken) : undefined;
  }

  get configured(): boolean {
    return Boolean(this.graph && this.options.pageId);
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
