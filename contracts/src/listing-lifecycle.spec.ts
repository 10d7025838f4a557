import { LISTING_STATUSES } from './listing-constants';
import { canDo, needsReview, statusAfter, type ListingAction, type ReviewedListing } from './listing-lifecycle';

function appliesTo(action: ListingAction) {
  return LISTING_STATUSES.filter((status) => statusAfter(action, status) !== undefined);
}

describe('the listing lifecycle', () => {
  it('posts a new listing or a finished draft for moderation, and keeps drafts as drafts', () => {
    expect(statusAfter('submit', 'new')).toBe('waiting');
    expect(appliesTo('submit')).toEqual(['draft']);
    expect(statusAfter('saveDraft', 'new')).toBe('draft');
    expect(appliesTo('saveDraft')).toEqual(['draft']);
  });

  it('sends an edit back to moderation, except that a listing off sale stays off sale; a draft is not edited', () => {
    expect(Object.fromEntries(appliesTo('edit').map((status) => [status, statusAfter('edit', status)]))).toEqual({
      active: 'waiting',
      noActive: 'noActive',
      waiting: 'waiting',
      cancelled: 'waiting',
    });
  });

  it('keeps an active listing on sale through an edit of nothing moderation approved; a rejected one is checked again', () => {
    expect(Object.fromEntries(appliesTo('amend').map((status) => [status, statusAfter('amend', status)]))).toEqual({
      active: 'active',
      noActive: 'noActive',
      waiting: 'waiting',
      cancelled: 'waiting',
    });
  });

  it('takes only an active listing off sale and puts it back as approved, or through moderation after a reviewed change', () => {
    expect(appliesTo('offSale')).toEqual(['active']);
    expect(statusAfter('offSale', 'active')).toBe('noActive');
    expect(appliesTo('onSale')).toEqual(['noActive']);
    expect(statusAfter('onSale', 'noActive')).toBe('active');
    expect(statusAfter('onSaleForReview', 'noActive')).toBe('waiting');
  });

  it('lets moderation decide on anything but a draft, and post only an active listing', () => {
    expect(appliesTo('approve')).toEqual(['noActive', 'waiting', 'cancelled']);
    expect(appliesTo('reject')).toEqual(['active', 'noActive', 'waiting', 'cancelled']);
    expect(appliesTo('post')).toEqual(['active']);
  });

  it('deletes a listing of any status', () => {
    expect(appliesTo('delete')).toEqual(LISTING_STATUSES);
  });

  it('leaves the seller\'s actions to the author or an admin, drafts to the author, decisions to admins', () => {
    expect(canDo('offSale', 'active', 'admin')).toBe(true);
    expect(canDo('delete', 'draft', 'admin')).toBe(true);
    expect(canDo('submit', 'draft', 'admin')).toBe(false);
    expect(canDo('saveDraft', 'draft', 'admin')).toBe(false);
    expect(canDo('approve', 'waiting', 'author')).toBe(false);
    expect(canDo('reject', 'waiting', 'admin')).toBe(true);
  });

  describe('which edits need a new review', () => {
    const approved: ReviewedListing = {
      device: 'd1',
      ram: '8GB',
      storage: '256GB',
      color: 'Black',
      condition: false,
      documents: true,
      grade: 'B',
      imei: ['i1', 'i2'],
      images: ['p1', 'p2'],
      authorName: 'Aziz',
      telegramUsername: null,
    };

    it('none for the same device, condition and photos, even in another order', () => {
      expect(needsReview(approved, { ...approved })).toBe(false);
      expect(needsReview(approved, { ...approved, images: ['p2', 'p1'], imei: ['i2', 'i1'] })).toBe(false);
    });

    it.each<[string, Partial<ReviewedListing>]>([
      ['another model', { device: 'd2' }],
      ['other memory', { storage: '128GB' }],
      ['another colour', { color: 'White' }],
      ['a new condition', { condition: true }],
      ['no box and documents', { documents: false }],
      ['a photo added', { images: ['p1', 'p2', 'p3'] }],
      ['a photo replaced', { images: ['p1', 'p3'] }],
      ['another grade', { grade: 'A' }],
      ['another IMEI', { imei: ['i1', 'i3'] }],
      ['an IMEI removed', { imei: ['i1'] }],
      ['another contact name', { authorName: 'Sardor' }],
      ['a Telegram username added', { telegramUsername: 'yangi_akkaunt' }],
    ])('one for %s', (_change, change) => {
      expect(needsReview(approved, { ...approved, ...change })).toBe(true);
    });
  });
});
