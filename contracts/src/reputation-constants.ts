/*
 * Reputation's limits and words without the schema library: the listing page's seller panel
 * (signals and latest reviews) reads them on a visit's first page, and a module that builds
 * schemas brings zod along. The schemas built on them are in reputation.ts.
 */

/** Reputation earned in real deals (issue 38): deals, reviews both ways, seller signals. docs/reputation.md explains each figure. */
export const REPUTATION_LIMITS = {
  /** Days after the buyer's confirmation during which either side may review the other. */
  reviewDays: 30,
  /** Days a review waits for the other side's before it is shown anyway. */
  hiddenDays: 14,
  /** Reviews a rating needs before it is shown. */
  ratingMinReviews: 3,
  /** The feed's "good sellers" filter: at least this average, from at least ratingMinReviews reviews. */
  trustedRating: 4.5,
  textMax: 500,
  /** Accounts registered this many minutes apart are "created together": their deals go to the moderators. */
  registeredTogetherMinutes: 10,
  reviewsPerPage: 10,
  /** Reviews the seller page and the listing's seller panel show before "all reviews". */
  latestReviews: 3,
  dealsPerPage: 20,
  /** Days of conversations the reply rate and time are taken from. */
  replyWindowDays: 90,
} as const;

/**
 * How much more a sale its buyer confirmed weighs in the price guide than a sale the seller only
 * declared: its price is counted this many times among the comparable prices.
 */
export const CONFIRMED_DEAL_WEIGHT = 2;

export const DEAL_STATUSES = ['awaiting', 'confirmed', 'declined'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** Why a deal went to the moderators: the two accounts share an address, or were registered together. */
export const DEAL_FLAGS = ['sharedAddress', 'registeredTogether'] as const;
export type DealFlag = (typeof DEAL_FLAGS)[number];

/** The fixed tags of a review, each with its negative. */
export const REVIEW_TAGS = ['asDescribed', 'notAsDescribed', 'imeiAsStated', 'imeiNotAsStated', 'onTime', 'late', 'polite', 'rude'] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];

export const REVIEW_REPORT_REASONS = ['insult', 'falseStatement', 'personalData', 'notAboutDeal', 'other'] as const;
