import { z } from 'zod';
import type { RejectionReason } from './moderation';

/*
 * What the workers check on every listing waiting for moderation (issue 22), each with its weight
 * in the listing's risk score: the waiting queue shows the riskiest listings first, with why.
 */
export const LISTING_CHECKS = ['reports', 'baitPrice', 'bannedWords', 'newSeller', 'duplicateImei'] as const;
export type ListingCheckKind = (typeof LISTING_CHECKS)[number];

export const CHECK_WEIGHTS: Record<ListingCheckKind, number> = {
  /** Buyers' open reports: counted once per reporter (the detail is the number). */
  reports: 3,
  /** Below half the median of comparable phones: the usual prepayment bait. */
  baitPrice: 3,
  /** A word of the admins' list in the name or description. */
  bannedWords: 2,
  /** A seller none of whose listings has been approved yet. */
  newSeller: 1,
  /** An IMEI of another seller's listing (not deleted): the detail is that listing's id. */
  duplicateImei: 3,
};

/** The rejection reason a check suggests when the admin turns the listing down. */
export const SUGGESTED_REJECTIONS: Partial<Record<ListingCheckKind, RejectionReason>> = {
  baitPrice: 'wrongPrice',
  bannedWords: 'prohibited',
  duplicateImei: 'duplicate',
};

/** One finding, with what it found (the median in so'm, the words, the number of reports). */
export const listingCheckSchema = z.object({ kind: z.enum(LISTING_CHECKS), detail: z.string().nullable() });
export type ListingCheck = z.infer<typeof listingCheckSchema>;

export function riskScore(checks: readonly ListingCheck[]): number {
  return checks.reduce((score, check) => score + CHECK_WEIGHTS[check.kind] * (check.kind === 'reports' ? Number(check.detail) : 1), 0);
}

/** `GET` and `PUT /api/admin/banned-words`: the words the checks look for, as admins keep them. */
export const BANNED_WORDS_MAX = 500;
export const bannedWordsSchema = z.object({
  words: z
    .array(z.string().trim().toLowerCase().min(2, 'invalidValue').max(40, 'invalidValue'))
    .max(BANNED_WORDS_MAX, 'invalidValue')
    .transform((words) => [...new Set(words)].sort()),
});
export type BannedWords = z.infer<typeof bannedWordsSchema>;
