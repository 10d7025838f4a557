import type { RateLimit } from '../rate-limit/rate-limit.service';

/** Abuse limits of reviews, per account; each answers 429 with the seconds to wait. */
export const REPUTATION_RATE_LIMITS = {
  /** Reviews one account may write: more than anyone's real deals in an hour. */
  reviews: { name: 'review-write', points: 10, durationSeconds: 3600 },
  replies: { name: 'review-reply', points: 10, durationSeconds: 3600 },
  /** Reports one account may make: enough for a page of abusive reviews, too few to bury a seller. */
  reports: { name: 'review-report', points: 10, durationSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;
