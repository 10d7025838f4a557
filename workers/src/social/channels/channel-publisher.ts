import type { SocialChannel } from '@market/contracts';
import type { Destination } from '../../pacing/destination-pacer';

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
  forget(step: string): Promise<void>;
  /** Makes the call that shows the post, or refuses before it: a bought repost refunded meanwhile (RepostStoppedError). */
  whilePostable<T>(call: () => Promise<T>): Promise<T>;
}

/**
 * Runs the one call of a channel that makes a post visible, at most once. The attempt is
 * recorded first; if the channel answers with an error, or the call is refused before it is
 * made (whilePostable), nothing was posted and the record goes. If the process dies or the network fails mid-call, the record stays and a later
 * run refuses to guess: a duplicate post cannot be taken back, a missing one can be posted
 * again by an admin (which clears the record).
 */
export async function postOnce<T>(progress: PublishProgress, step: string, post: () => Promise<T>, answered: (error: unknown) => boolean): Promise<T> {
  const attempt = `${step}-attempt`;
  if (progress.get(attempt)) throw new OutcomeUnknownError();
  await progress.remember(attempt, new Date().toISOString());
  let called = false;
  try {
    return await progress.whilePostable(() => {
      called = true;
      return post();
    });
  } catch (error) {
    // Refused before the call, or the channel answered: nothing was posted.
    if (!called || answered(error)) await progress.forget(attempt);
    throw error;
  }
}

export class OutcomeUnknownError extends Error {
  constructor() {
    super('An earlier attempt stopped while the channel was posting: check the channel, then post again');
  }
}

/** Where a post goes and how many of the platform's messages it counts there. */
export interface PacedSend {
  destinations: Destination[];
  cost: number;
  /** The destination a platform's "wait" (429 retry_after, a publishing limit) holds back for every job. */
  throttled: Destination;
}

export interface ChannelPublisher {
  readonly channel: SocialChannel;
  /** False when no credentials are configured: jobs end as skipped, never as a fake success. */
  readonly configured: boolean;
  /** The post's place in the platform's limits; the processor awaits its turn before publish. */
  pacing(listing: ChannelListing): Promise<PacedSend>;
  /** Publishes the listing and answers the public link of the post. */
  publish(listing: ChannelListing, progress: PublishProgress): Promise<string>;
}
