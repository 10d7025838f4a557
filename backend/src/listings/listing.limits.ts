import type { RateLimit } from '../rate-limit/rate-limit.service';

/** Abuse limits of the listings; each answers 429 with the seconds to wait. */
export const LISTING_LIMITS = {
  /**
   * Seller contacts one visitor (user, or IP when signed out) may reveal: plenty for someone
   * shopping, too few to harvest the site's phone numbers.
   */
  contactReveals: { name: 'listing-contact', points: 30, durationSeconds: 3600 },
  /** Listing photos one user may upload: eight full listings' worth several times over. */
  photoUploads: { name: 'listing-photo-uploads', points: 120, durationSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

/** Drafts one seller may keep: enough to come back to, not a storage for everything. */
export const DRAFTS_PER_SELLER = 20;

/** A view or a reveal by the same visitor counts once a day. */
export const COUNTED_ONCE_PER_SECONDS = 24 * 3600;
