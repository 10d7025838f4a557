import { z } from 'zod';
import type { Translated } from './languages';
import type { RejectionReason } from './listing-constants';
import { formatMessage, type MessageKey } from './messages/index';

/*
 * What the workers check on every listing waiting for moderation (issue 22), each with its weight
 * in the listing's risk score: the waiting queue shows the riskiest listings first, with why.
 */
export const LISTING_CHECKS = [
  'reports',
  'cardNumber',
  'contacts',
  'bannedWords',
  'flaggedMessages',
  'baitPrice',
  'duplicateImei',
  'reusedPhoto',
  'flood',
  'newSeller',
  'customModel',
] as const;
export type ListingCheckKind = (typeof LISTING_CHECKS)[number];

export const CHECK_WEIGHTS: Record<ListingCheckKind, number> = {
  /** Buyers' open reports, per independent reporter as much as their record weighs (reportSources; the detail is the sum, rounded). */
  reports: 3,
  /** A card number (listing-text-checks.ts) in the name, contact name or description: where prepayment goes. */
  cardNumber: 4,
  /** A phone number, Telegram link, @handle, WhatsApp or web address in the seller's own words. */
  contacts: 3,
  /** Prepayment wording (the shipped SCAM_WORDING) or a word of the admins' list. */
  bannedWords: 3,
  /**
   * The seller's messages in conversations tripped the text checks (a card number, prepayment
   * wording, an outside link) FLAGGED_MESSAGES_REPEATED times or more in FLAGGED_MESSAGES_DAYS days;
   * the detail is how many. Read as the queue is shown, not stored with the listing's check.
   */
  flaggedMessages: 3,
  /** Below BAIT_PRICE_SHARE of the price guide's median: the usual prepayment bait. */
  baitPrice: 3,
  /** A seller none of whose listings has been approved yet. */
  newSeller: 1,
  /** An IMEI of another seller's listing (not deleted): the detail is that listing's id. */
  duplicateImei: 3,
  /** A photo (nearly) the same as one of another seller's listing: the detail is that listing's id. */
  reusedPhoto: 3,
  /** More than FLOOD_LISTINGS_PER_DAY listings in a day from an account younger than YOUNG_ACCOUNT_DAYS (the detail is how many). */
  flood: 3,
  /** 'Boshqa model': the seller typed a model the catalogue lacks (the detail is its name). */
  customModel: 1,
};

/**
 * A listing scoring this much needs a moderator before buyers see it: an edit of a listing on
 * sale that scores it goes back to review. Every finding of a scam weighs at least this; the
 * findings an honest listing can carry (a new seller, a typed model) add up to less.
 */
export const REVIEW_THRESHOLD = 3;

/**
 * A seller whose messages trip the text checks this often within FLAGGED_MESSAGES_DAYS days rises in
 * the moderators' queue: once could be a buyer paying by card after seeing the phone, which is normal.
 */
export const FLAGGED_MESSAGES_REPEATED = 3;
export const FLAGGED_MESSAGES_DAYS = 7;

/** Listings an account younger than YOUNG_ACCOUNT_DAYS posts in a day before the rest of them count as a flood. */
export const FLOOD_LISTINGS_PER_DAY = 3;
/** An account this young is new: it floods sooner, posts fewer listings a day, and its reports weigh less. */
export const YOUNG_ACCOUNT_DAYS = 7;

/** The findings an edit that keeps a listing on sale can bring: they alone decide whether it goes back to review. */
export const EDIT_CHECKS: readonly ListingCheckKind[] = ['cardNumber', 'contacts', 'bannedWords', 'baitPrice', 'duplicateImei'];

/**
 * Two photos are the same picture when their 64-bit dHashes (greyscale, 9x8, each pixel brighter
 * than its right neighbour or not) differ in at most this many bits: a re-encoded, resized or
 * lightly recompressed copy stays within 2-3 bits, different phone photos differ in 15 or more.
 */
export const REUSED_PHOTO_MAX_DISTANCE = 6;
/**
 * A photo is compared only when at least this many of its hash's bits are 1, and as many 0: a
 * nearly flat picture (a plain background, a label on a colour) hashes to almost all zeros, and
 * all such pictures would look alike. A phone photo has 20-40 bits set.
 */
export const REUSED_PHOTO_MIN_DETAIL = 12;

/** The rejection reason a check suggests when the admin turns the listing down. */
export const SUGGESTED_REJECTIONS: Partial<Record<ListingCheckKind, RejectionReason>> = {
  cardNumber: 'fraud',
  contacts: 'contacts',
  bannedWords: 'fraud',
  baitPrice: 'wrongPrice',
  duplicateImei: 'duplicate',
  reusedPhoto: 'duplicate',
};

/** The reason a moderator starts from: the strongest finding's (LISTING_CHECKS are strongest first). */
export function suggestedRejection(checks: readonly ListingCheck[]): RejectionReason | undefined {
  return LISTING_CHECKS.flatMap((kind) => (checks.some((check) => check.kind === kind) && SUGGESTED_REJECTIONS[kind]) || [])[0];
}

/** What the seller is told of a finding that sent an edit back to review. */
const REVIEW_REASONS: Partial<Record<ListingCheckKind, MessageKey>> = {
  cardNumber: 'reviewCardNumber',
  contacts: 'reviewContacts',
  bannedWords: 'reviewWording',
  baitPrice: 'reviewBaitPrice',
  duplicateImei: 'reviewImei',
};

/** 'O'zgarishlar saqlandi, e'lon qayta tekshiruvga yuborildi: matnda karta raqami bor', by the strongest finding. */
export function sentBackToReview(checks: readonly ListingCheck[]): Translated {
  const strongest = EDIT_CHECKS.find((kind) => checks.some((check) => check.kind === kind));
  const reason: MessageKey = (strongest && REVIEW_REASONS[strongest]) ?? 'reviewOther';
  const message = (language: keyof Translated) => formatMessage('listingSentBackToReview', language, { reason: formatMessage(reason, language) });
  return { uz: message('uz'), ru: message('ru'), en: message('en') };
}

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
