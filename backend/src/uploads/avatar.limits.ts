import type { RateLimit } from '../rate-limit/rate-limit.service';

/** Abuse limits of avatars; each answers 429 with the seconds to wait. */
export const AVATAR_LIMITS = {
  /** Avatar uploads one user may make: room to try a few pictures, too few to use the API as an image converter. */
  uploads: { name: 'avatar-uploads', points: 20, durationSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;
