import type { RateLimit } from '../../rate-limit/rate-limit.service';

/** Abuse limits of reports; each answers 429 with the seconds to wait. */
export const LISTING_REPORT_LIMITS = {
  /** Reports one user may send: a buyer who meets a few scams a day, not a campaign against a seller. */
  reports: { name: 'listing-reports', points: 10, durationSeconds: 24 * 3600 },
} as const satisfies Record<string, RateLimit>;
