import { z } from 'zod';
import { imageRefSchema } from './catalogue';
import { listingImageSchema } from './listing';
import { LIMITS } from './limits';
import { reportSchema } from './listing-reports';
import { cardNumberSpans, contactSpans, scamWordingSpans } from './listing-text-checks';
import { DEAL_FLAGS, DEAL_STATUSES, REPUTATION_LIMITS, REVIEW_REPORT_REASONS, REVIEW_TAGS } from './reputation-constants';

const reviewText = z.string().trim().max(REPUTATION_LIMITS.textMax, 'reviewTextTooLong');

/**
 * What the trust checks' text rules find in a review's or a reply's words: a card number is masked
 * (kept as its last four digits), contacts and prepayment wording are refused, as a review is about
 * the deal and never a way off the site.
 */
export function reviewTextRefusal(text: string): 'reviewTextContacts' | 'reviewTextPrepayment' | null {
  if (contactSpans(text).length) return 'reviewTextContacts';
  if (scamWordingSpans(text).length) return 'reviewTextPrepayment';
  return null;
}

export function hasCardNumber(text: string): boolean {
  return cardNumberSpans(text).length > 0;
}

/** `POST /api/phone/{id}/sold` picks its buyer among these: the people who wrote about the listing and got an answer. */
export const dealCandidateSchema = z.object({ id: z.uuid(), name: z.string().nullable(), image: imageRefSchema.nullable() });
export type DealCandidate = z.infer<typeof dealCandidateSchema>;
export const dealCandidatesSchema = z.object({ buyers: z.array(dealCandidateSchema) });
export type DealCandidates = z.infer<typeof dealCandidatesSchema>;

/** `POST /api/deals/{id}/confirm`: the buyer says "Ha, men sotib oldim" (true) or that they did not buy it. */
export const confirmDealSchema = z.object({ bought: z.boolean().default(true) });
export type ConfirmDeal = z.infer<typeof confirmDealSchema>;

/** `POST /api/deals/{id}/review` */
export const writeReviewSchema = z.object({
  stars: z.number('reviewStarsRequired').int('reviewStarsRequired').min(1, 'reviewStarsRequired').max(5, 'reviewStarsRequired'),
  text: reviewText.optional(),
  tags: z
    .array(z.enum(REVIEW_TAGS, 'invalidValue'))
    .max(REVIEW_TAGS.length / 2, 'invalidValue')
    .default([])
    .refine((tags) => new Set(tags).size === tags.length, 'invalidValue'),
});
export type WriteReview = z.input<typeof writeReviewSchema>;

/** `POST /api/reviews/{id}/reply` */
export const replyToReviewSchema = z.object({ text: reviewText.min(1, 'required') });
export type ReplyToReview = z.infer<typeof replyToReviewSchema>;

/** `POST /api/reviews/{id}/report` */
export const reviewReportSchema = reportSchema(REVIEW_REPORT_REASONS);
export type ReviewReport = z.infer<typeof reviewReportSchema>;

/** `POST /api/moderation/reviews/{id}/remove`: the reason is shown to both sides of the deal. */
export const removeReviewSchema = z.object({ reason: z.string().trim().min(1, 'required').max(LIMITS.reportTextMax, 'reportTextMax') });
export type RemoveReview = z.infer<typeof removeReviewSchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  /** Whose review it is: the buyer's of the seller, or the seller's of the buyer. */
  authorRole: z.enum(['buyer', 'seller']),
  author: z.object({ id: z.uuid(), name: z.string().nullable() }),
  listingName: z.string().nullable(),
  stars: z.number().int().min(1).max(5),
  text: z.string().nullable(),
  tags: z.array(z.enum(REVIEW_TAGS)),
  createdAt: z.string(),
  reply: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  /** Removed by a moderator: only the two sides see it, with the reason. */
  removedReason: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewPageSchema = z.object({ reviews: z.array(reviewSchema), pages: z.number().int().nonnegative() });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** One of my deals, as seller or buyer. */
export const dealSchema = z.object({
  id: z.uuid(),
  role: z.enum(['buyer', 'seller']),
  status: z.enum(DEAL_STATUSES),
  listing: z.object({ _id: z.uuid(), name: z.string().nullable(), image: listingImageSchema.nullable() }),
  other: z.object({ id: z.uuid(), name: z.string().nullable() }),
  /** So'm; null when the listing had no price and none was told. */
  price: z.number().int().nonnegative().nullable(),
  soldAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** The last moment a review may be written; null before confirmation. */
  reviewUntil: z.string().nullable(),
  /** Held for the moderators: its reviews do not count until one clears it. */
  flagged: z.boolean(),
  myReview: reviewSchema.nullable(),
  /** The other side's review, once shown (both wrote, or REPUTATION_LIMITS.hiddenDays passed). */
  theirReview: reviewSchema.nullable(),
  /** Whether the other side has written theirs, while it is still hidden. */
  theirReviewWaiting: z.boolean(),
});
export type Deal = z.infer<typeof dealSchema>;
export const dealPageSchema = z.object({ deals: z.array(dealSchema), pages: z.number().int().nonnegative() });
export type DealPage = z.infer<typeof dealPageSchema>;

/** `GET /api/sellers/{id}`: what a buyer can trust about a seller. */
export const sellerSignalsSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  /** Null until REPUTATION_LIMITS.ratingMinReviews reviews count. */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  /** Phones sold through the platform: deals their buyers confirmed. */
  soldCount: z.number().int().nonnegative(),
  memberSince: z.string(),
  /** Share (0-100 %) of the conversations buyers opened in the last 90 days that the seller answered; null without any. */
  replyRate: z.number().int().min(0).max(100).nullable(),
  /** The median minutes from a buyer's first message to the seller's first answer; null without an answer. */
  replyMinutes: z.number().int().nonnegative().nullable(),
  /** "Telefon raqami tasdiqlangan": every account's number is confirmed by SMS. */
  phoneConfirmed: z.boolean(),
  latestReviews: z.array(reviewSchema),
});
export type SellerSignals = z.infer<typeof sellerSignalsSchema>;

/** The moderators' list: deals held for linked accounts and reviews people reported. */
export const reputationQueueSchema = z.object({
  deals: z.array(
    z.object({
      id: z.uuid(),
      sellerId: z.uuid(),
      buyerId: z.uuid(),
      listingId: z.uuid(),
      flags: z.array(z.enum(DEAL_FLAGS)),
      confirmedAt: z.string().nullable(),
    }),
  ),
  reviews: z.array(reviewSchema.extend({ reports: z.array(z.object({ reason: z.enum(REVIEW_REPORT_REASONS), text: z.string().nullable() })) })),
});
export type ReputationQueue = z.infer<typeof reputationQueueSchema>;

export const reputationPageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
