import type { RateLimit } from '../rate-limit/rate-limit.service';

/** Abuse limits of conversations, per account; each answers 429 with the seconds to wait. */
export const CONVERSATION_RATE_LIMITS = {
  /** New sellers one buyer may write to: plenty for shopping, too few to spam a category. */
  newConversations: { name: 'conversation-new', points: 20, durationSeconds: 3600 },
  /** Messages one account may send: a quick typist's pace, not a script's. */
  messages: { name: 'conversation-messages', points: 20, durationSeconds: 60 },
  /** Photos one account may send in messages. */
  photos: { name: 'conversation-photos', points: 40, durationSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;
