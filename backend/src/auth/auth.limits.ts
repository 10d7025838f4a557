import { LIMITS } from '@market/contracts';
import type { RateLimit } from '../rate-limit/rate-limit.service';

/** Abuse limits of sign-in, registration and SMS; each answers 429 with the seconds to wait. */
export const AUTH_LIMITS = {
  /** One SMS per number per 120 s: the screen's 2:00 resend countdown. */
  smsPerPhoneGap: { name: 'sms-phone-gap', points: 1, durationSeconds: LIMITS.resendCountdownSeconds },
  smsPerPhoneHour: { name: 'sms-phone-hour', points: 5, durationSeconds: 3600 },
  /** Many people may share one IP (mobile carriers' NAT): generous, but it stops a script texting the country. */
  smsPerIp: { name: 'sms-ip', points: 30, durationSeconds: 3600 },
  /** Wrong guesses of one code before it is useless (a new one can be requested). */
  codeTries: { name: 'code-tries', points: 5, durationSeconds: 600 },
  /** Wrong passwords for one number; high enough that a stranger cannot lock the owner out for long. */
  passwordPerPhone: { name: 'password-phone', points: 10, durationSeconds: 900 },
  passwordPerIp: { name: 'password-ip', points: 50, durationSeconds: 900 },
} as const satisfies Record<string, RateLimit>;

/** How long a one-time code and a reset token stay valid. */
export const CODE_LIFETIME_SECONDS = 600;
