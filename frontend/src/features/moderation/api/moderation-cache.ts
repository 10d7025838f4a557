import type { ListingStatus, ModerationCard, ModerationQueue } from '@market/contracts';

/**
 * The queue page as it is once a decision took `listingId` out of it: the card is gone and
 * the counts moved from its tab to the tab of its new `status`.
 */
export function withoutDecidedListing(queue: ModerationQueue, listingId: string, status: ListingStatus): ModerationQueue {
  const card = queue.phones.find((candidate) => candidate._id === listingId);
  if (!card) return queue;
  return {
    ...queue,
    phones: queue.phones.filter((candidate) => candidate !== card),
    counts: movedCount(queue.counts, card.status, status),
  };
}

/** Undoes `withoutDecidedListing` after a failed call: the card back at `index`, the counts back. */
export function withUndecidedListing(queue: ModerationQueue, card: ModerationCard, index: number, status: ListingStatus): ModerationQueue {
  if (queue.phones.some((candidate) => candidate._id === card._id)) return queue;
  const phones = [...queue.phones];
  phones.splice(Math.min(index, phones.length), 0, card);
  return { ...queue, phones, counts: movedCount(queue.counts, status, card.status) };
}

/** The queue page with one card changed (e.g. its channels after a publication request). */
export function withListing(queue: ModerationQueue, listingId: string, change: Partial<ModerationCard>): ModerationQueue {
  return { ...queue, phones: queue.phones.map((card) => (card._id === listingId ? { ...card, ...change } : card)) };
}

/** Whether a channel post of the page is still on its way: the page then refreshes by itself. */
export function hasQueuedPost(queue: ModerationQueue | undefined): boolean {
  return Boolean(queue?.phones.some((card) => Object.values(card.posts).some((post) => post?.state === 'queued')));
}

function movedCount(counts: ModerationQueue['counts'], from: ListingStatus, to: ListingStatus): ModerationQueue['counts'] {
  if (from === to) return counts;
  return { ...counts, [from]: Math.max(0, (counts[from] ?? 0) - 1), [to]: (counts[to] ?? 0) + 1 };
}
