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

/** Who may ask: the listing's author, an admin, or either of them. */
export type ListingActors = 'author' | 'admin' | 'authorOrAdmin';
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
  /** An edit is checked again; a listing taken off sale stays off sale until its author puts it back. */
  edit: { by: 'authorOrAdmin', moves: { active: 'waiting', waiting: 'waiting', cancelled: 'waiting', noActive: 'noActive' } },
  offSale: { by: 'authorOrAdmin', moves: { active: 'noActive' } },
  /** Back up for sale through moderation again. */
  onSale: { by: 'authorOrAdmin', moves: { noActive: 'waiting' } },
  delete: {
    by: 'authorOrAdmin',
    moves: { draft: 'deleted', waiting: 'deleted', active: 'deleted', noActive: 'deleted', cancelled: 'deleted' },
  },
  approve: { by: 'admin', moves: { waiting: 'active', noActive: 'active', cancelled: 'active' } },
  /** A listing rejected again keeps its tab; the new reason replaces the old one. */
  reject: { by: 'admin', moves: { waiting: 'cancelled', active: 'cancelled', noActive: 'cancelled', cancelled: 'cancelled' } },
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
