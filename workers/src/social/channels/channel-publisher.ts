import type { SocialChannel } from '@market/contracts';

/** What a channel post shows of a listing: already formatted, user text not yet escaped. */
export interface ChannelListing {
  id: string;
  name: string;
  price: string;
  memory: string;
  condition: string;
  region: string;
  url: string;
  photoUrls: string[];
}

/**
 * Remote ids a publisher records as it goes, so a retried job resumes (reuses an uploaded
 * container, finds an already published post) instead of posting twice.
 */
export interface PublishProgress {
  get(step: string): string | undefined;
  remember(step: string, remoteId: string): Promise<void>;
}

export interface ChannelPublisher {
  readonly channel: SocialChannel;
  /** False when no credentials are configured: jobs end as skipped, never as a fake success. */
  readonly configured: boolean;
  /** Publishes the listing and answers the public link of the post. */
  publish(listing: ChannelListing, progress: PublishProgress): Promise<string>;
}
