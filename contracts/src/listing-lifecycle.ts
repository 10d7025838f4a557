import type { ListingStatus } from './listing-constants';

/*
 * What may happen to a listing, from which status, to which status, and who may do it: the
 * one table the backend's services, the workers and the frontend's buttons and optimistic
 * updates all read. Like listing-constants.ts it builds no schema, so a page that shows
 * buttons does not bring zod along.
 */

/** Before its first save a listing is 'new'; a deleted one leaves every list ('deleted'). */
export type ListingOrigin = ListingStatus | 'new';
export type ListingOutcome = ListingStatus | 'deleted';

/** Who may ask: the listing's author, an admin, or either of them; 'reports' is no person, but buyers' reports adding up. */
export type ListingActors = 'author' | 'admin' | 'authorOrAdmin' | 'reports';
/** The asker as a listing sees them: its author (an admin writing their own listing is its author), or an admin. */
export type ListingActor = 'author' | 'admin';

interface ListingRule {
  by: ListingActors;
  /** Each status the action applies to, with the status it leaves the listing in. */
  moves: Partial<Record<ListingOrigin, ListingOutcome>>;
}

export const LISTING_ACTIONS = {
  /** The wizard's progress kept: a new draft, or a draft saved again. */
  saveDraft: { by: 'author', moves: { new: 'draft', draft: 'draft' } },
  /** A new listing or a finished draft posted: moderation looks at it first. */
  submit: { by: 'author', moves: { new: 'waiting', draft: 'waiting' } },
  /**
   * An edit of what moderation approved (see `needsReview`) is checked again; a listing taken
   * off sale stays off sale until its author puts it back.
   */
  edit: { by: 'authorOrAdmin', moves: { active: 'waiting', waiting: 'waiting', cancelled: 'waiting', noActive: 'noActive' } },
  /**
   * An edit of nothing moderation approved (price, description, phone number, delivery): an active
   * listing stays on sale and moderators see the change in their queue afterwards, unless the
   * checks find what sends it back to review (an 'edit' then: EDIT_CHECKS). A rejected listing is
   * still checked again.
   */
  amend: { by: 'authorOrAdmin', moves: { active: 'active', waiting: 'waiting', cancelled: 'waiting', noActive: 'noActive' } },
  offSale: { by: 'authorOrAdmin', moves: { active: 'noActive' } },
  /** Sold: off sale for good, its price kept for the price guide. */
  markSold: { by: 'author', moves: { active: 'noActive', noActive: 'noActive' } },
  /** An approved listing back on sale as it was approved: no new review. */
  onSale: { by: 'authorOrAdmin', moves: { noActive: 'active' } },
  /** Back on sale after an 'edit' made while it was off sale: moderation looks at it first. */
  onSaleForReview: { by: 'authorOrAdmin', moves: { noActive: 'waiting' } },
  delete: {
    by: 'authorOrAdmin',
    moves: { draft: 'deleted', waiting: 'deleted', active: 'deleted', noActive: 'deleted', cancelled: 'deleted' },
  },
  approve: { by: 'admin', moves: { waiting: 'active', noActive: 'active', cancelled: 'active' } },
  /** A listing rejected again keeps its tab; the new reason replaces the old one. */
  reject: { by: 'admin', moves: { waiting: 'cancelled', active: 'cancelled', noActive: 'cancelled', cancelled: 'cancelled' } },
  /** Reported by REPORTS_TO_HIDE different users: off the site, back in the admins' queue until they decide. */
  hideReported: { by: 'reports', moves: { active: 'waiting' } },
  /** An active listing sent to its tariff's channels not posted to yet. */
  post: { by: 'admin', moves: { active: 'active' } },
} as const satisfies Record<string, ListingRule>;

export type ListingAction = keyof typeof LISTING_ACTIONS;

/** The statuses `action` can leave a listing in: `'noActive'` for 'offSale', `'waiting' | 'noActive'` for 'edit'. */
export type StatusAfter<A extends ListingAction> = A extends ListingAction
  ? (typeof LISTING_ACTIONS)[A]['moves'][keyof (typeof LISTING_ACTIONS)[A]['moves']]
  : never;

/** Where `action` takes a listing that is `from`, or undefined when the action does not apply to it. */
export function statusAfter<A extends ListingAction>(action: A, from: ListingOrigin): StatusAfter<A> | undefined {
  const moves: Partial<Record<ListingOrigin, ListingOutcome>> = LISTING_ACTIONS[action].moves;
  return moves[from] as StatusAfter<A> | undefined;
}

/** Whether `actor` is among those who may do `action`, whatever the listing's status. */
export function mayDo(action: ListingAction, actor: ListingActor): boolean {
  const { by } = LISTING_ACTIONS[action];
  return by === 'authorOrAdmin' || by === actor;
}

export function canDo(action: ListingAction, from: ListingOrigin, actor: ListingActor): boolean {
  return mayDo(action, actor) && statusAfter(action, from) !== undefined;
}

/**
 * What moderation approves of a listing, as the wizard's form holds it: the device with its
 * memory and colour, the photos, the condition (new, or used with or without box and
 * documents). Anything else (price, description, contact, region, delivery, tariff) buyers
 * can trust without a new look.
 */
export interface ReviewedListing {
  /** The catalogue device, or a typed model ('Boshqa model') with its brand: another brand is another phone. */
  device: string | null;
  ram: string | null;
  storage: string | null;
  color: string | null;
  condition: boolean;
  documents: boolean;
  /** A used phone's grade (issue 22). */
  grade: string | null;
  /** The IMEIs (the server compares their keyed hashes); another order is no change. */
  imei: readonly string[];
  /** The photos' ids; a new order of the same photos is no change. */
  images: readonly string[];
  /** The contact name and Telegram username buyers reach the seller by (issue 35: a new contact is looked at). */
  authorName: string | null;
  telegramUsername: string | null;
}

function sameSet(before: readonly string[], after: readonly string[]): boolean {
  return before.length === after.length && after.every((id) => before.includes(id));
}

/** Whether going from `before` to `after` changes anything moderation approved: an 'edit', else an 'amend'. */
export function needsReview(before: ReviewedListing, after: ReviewedListing): boolean {
  return (
    !sameSet(before.images, after.images) ||
    !sameSet(before.imei, after.imei) ||
    before.grade !== after.grade ||
    before.device !== after.device ||
    before.ram !== after.ram ||
    before.storage !== after.storage ||
    before.color !== after.color ||
    before.condition !== after.condition ||
    before.documents !== after.documents ||
    (before.authorName ?? '') !== (after.authorName ?? '') ||
    (before.telegramUsername ?? '') !== (after.telegramUsername ?? '')
  );
}
