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
  /**
   * Wrong passwords for one number from one address: that address is refused, not the
   * number, so a stranger's guessing cannot lock the owner out.
   */
  passwordPerPhoneAndIp: { name: 'password-phone-ip', points: 5, durationSeconds: 900 },
  /**
   * Wrong passwords for one number from everywhere. Once used up, an address that has failed
   * on the number is refused after that one failure: a guesser with many addresses gets one
   * try from each, while the owner's address with no failures still signs in.
   */
  passwordPerPhone: { name: 'password-phone', points: 10, durationSeconds: 900 },
  passwordPerIp: { name: 'password-ip', points: 50, durationSeconds: 900 },
  /**
   * Answers that tell whether a number has an account (sign-in step 1, password reset,
   * registration), for known and unknown numbers alike: it stops a script listing the
   * customers, and is twice the SMS allowance of an address shared behind a carrier's NAT.
   */
  accountLookupPerIp: { name: 'account-lookup-ip', points: 60, durationSeconds: 3600 },
  /**
   * A number an address asked the last SMS of within the hour: that a number was just sent a code
   * tells it has an account, so its first ask counts as an account lookup, and the sign-in screen's
   * polling of the same number every 5 s counts no more.
   */
  lastSmsAsked: { name: 'last-sms-asked', points: 1, durationSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

/** How long a one-time code and a reset token stay valid. */
export const CODE_LIFETIME_SECONDS = 600;
