import { describe, expect, it } from 'vitest';
import type { ModerationCard, ModerationQueue } from '@market/contracts';
import { listingCard } from '../../../testing/listing-card';
import { hasQueuedPost, withListing, withoutDecidedListing, withUndecidedListing } from './moderation-cache';

function card(id: string, change: Partial<ModerationCard> = {}): ModerationCard {
  return { ...listingCard(id), authorName: 'Aziz', rejectionReason: null, posts: {}, reports: [], checks: [], riskScore: 0, editedAt: null, customModel: null, imei: [], uzimeiRegistered: null, noInstalmentDebt: false,
    description: null, flagged: [], sellerRecord: { since: '2026-01-01T00:00:00.000Z', listings: 1, approved: 0, rejected: 0, reports: 0 }, ...change };
}

const queue: ModerationQueue = {
  phones: [card('a'), card('b'), card('c')],
  pages: 1,
  counts: { active: 5, noActive: 0, waiting: 3, cancelled: 1, draft: 0 },
};

describe('the moderation queue after a decision', () => {
  it('takes an approved card out of its tab and counts it as active', () => {
    const after = withoutDecidedListing(queue, 'a', 'active');
    expect(after.phones.map((listing) => listing._id)).toEqual(['b', 'c']);
    expect(after.counts).toEqual({ active: 6, noActive: 0, waiting: 2, cancelled: 1, draft: 0 });
  });

  it('counts a rejected card as cancelled', () => {
    expect(withoutDecidedListing(queue, 'b', 'cancelled').counts).toMatchObject({ waiting: 2, cancelled: 2 });
  });

  it('changes nothing for a card that is not on the page', () => {
    expect(withoutDecidedListing(queue, 'gone', 'active')).toBe(queue);
  });

  it('puts a card back where it was, with the counts, when the call failed', () => {
    const removed = withoutDecidedListing(withoutDecidedListing(queue, 'b', 'cancelled'), 'c', 'active');
    const restored = withUndecidedListing(removed, queue.phones[1], 1, 'cancelled');
    expect(restored.phones.map((listing) => listing._id)).toEqual(['a', 'b']);
    expect(restored.counts).toEqual({ active: 6, noActive: 0, waiting: 2, cancelled: 1, draft: 0 });
    // A refresh that already brought it back is left alone.
    expect(withUndecidedListing(restored, queue.phones[1], 1, 'cancelled')).toBe(restored);
  });

  it("replaces one card's channels and leaves the others", () => {
    const posts = { telegram: { posted: false, link: null, state: 'queued' as const, reason: null } };
    const after = withListing(queue, 'b', { posts });
    expect(after.phones[1].posts).toEqual(posts);
    expect(after.phones[0]).toBe(queue.phones[0]);
    expect(hasQueuedPost(after)).toBe(true);
    expect(hasQueuedPost(queue)).toBe(false);
  });
});
