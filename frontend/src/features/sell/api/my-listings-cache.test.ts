import { describe, expect, it } from 'vitest';
import type { ListingStatus } from '@market/contracts';
import { listingCard } from '../../../testing/listing-card';
import { withAction, type MyListing } from './my-listings-cache';
import { backOnSale } from './put-on-sale';

function listing(id: string, status: ListingStatus, reviewDue = false): MyListing {
  return { ...listingCard(id, { status }), rejectionReason: null, step: 8, reviewDue, channels: {} };
}

const mine = {
  phones: [listing('a', 'active'), listing('b', 'noActive'), listing('c', 'draft')],
  counts: { active: 1, noActive: 1, waiting: 0, cancelled: 0, draft: 1 },
};

describe("the seller's listings after an action, before the server answers", () => {
  it('moves a listing taken off sale to its new tab and counts it there', () => {
    const after = withAction(mine, 'a', 'offSale');
    expect(after.phones.map((phone) => phone.status)).toEqual(['noActive', 'noActive', 'draft']);
    expect(after.counts).toEqual({ active: 0, noActive: 2, waiting: 0, cancelled: 0, draft: 1 });
  });

  it('puts an approved listing back on sale straight into the active tab', () => {
    expect(withAction(mine, 'b', backOnSale).counts).toEqual({ active: 2, noActive: 0, waiting: 0, cancelled: 0, draft: 1 });
  });

  it('sends a listing whose photos, device or condition changed while off sale to moderation', () => {
    const changed = { ...mine, phones: [mine.phones[0], listing('b', 'noActive', true), mine.phones[2]] };
    expect(withAction(changed, 'b', backOnSale).counts).toEqual({ active: 1, noActive: 0, waiting: 1, cancelled: 0, draft: 1 });
  });

  it('takes a deleted listing out of every tab', () => {
    const after = withAction(mine, 'c', 'delete');
    expect(after.phones.map((phone) => phone._id)).toEqual(['a', 'b']);
    expect(after.counts.draft).toBe(0);
  });

  it('leaves a listing the action does not apply to as it is', () => {
    expect(withAction(mine, 'c', 'offSale')).toEqual(mine);
  });
});
