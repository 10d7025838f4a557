import { LIMITS } from '@market/contracts';
import type { Pace, RateLimit } from '../rate-limit/rate-limit.service';

/**
 * Abuse limits of sign-in, registration and SMS; each is consumed before the work it guards and
 * answers 429 with the seconds to wait (docs/security.md says per limit what a shared address means).
 */
export const AUTH_LIMITS = {
  /** One SMS per number per 120 s: the screen's 2:00 resend countdown. */
  smsPerPhoneGap: { name: 'sms-phone-gap', points: 1, durationSeconds: LIMITS.resendCountdownSeconds },
  smsPerPhoneHour: { name: 'sms-phone-hour', points: 5, durationSeconds: 3600 },
  /** Many people may share one IP (mobile carriers' NAT): generous, but it stops a script texting the country. */
  smsPerIp: { name: 'sms-ip', points: 30, durationSeconds: 3600 },
  /** Checks of one code (only its requester can check it) before it is useless (a new one can be requested). */
  codeTries: { name: 'code-tries', points: 5, durationSeconds: 600 },
  /** Code checks from one address, on any number, with or without a pending code: probing numbers costs too. */
  codeChecksPerIp: { name: 'code-checks-ip', points: 30, durationSeconds: 3600 },
  /**
   * Wrong code guesses at one number a day, from everywhere and for every code sent to it: with
   * 5-digit codes (100,000 of them) a number's chance of being guessed stays at 9 in 100,000 a day,
   * under 1 in 10,000. A right code gives its check back.
   */
  codeGuessesPerNumber: { name: 'code-guesses-number', points: 9, durationSeconds: 24 * 3600 },
  /**
   * Password attempts at one number from one address (a right one gives its attempt back): that
   * address is refused, not the number, so a stranger's guessing cannot lock the owner out.
   */
  passwordPerPhoneAndIp: { name: 'password-phone-ip', points: 5, durationSeconds: 900 },
  /**
   * Password attempts at one number from everywhere. Once used up, an address that has already
   * tried the number is refused: a guesser with many addresses gets one try from each, while the
   * owner's address with no failures still signs in.
   */
  passwordPerPhone: { name: 'password-phone', points: 10, durationSeconds: 900 },
  /** Password attempts from one address at any numbers; past it the address is paced (PASSWORD_PACE), not refused. */
  passwordPerIp: { name: 'password-ip', points: 50, durationSeconds: 900 },
  /** Changes of a username, e-mail or phone number in the settings per account: each tells whether the value is taken. */
  accountLookupPerUser: { name: 'account-lookup-user', points: 20, durationSeconds: 3600 },
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
  /**
   * Mini App sign-ins from one address, valid or not: each costs a signature check and lookups. The
   * app asks a few times while the bot receives a number just shared, so a person uses a handful.
   */
  telegramSignInPerIp: { name: 'telegram-sign-in-ip', points: 60, durationSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

/**
 * An address past passwordPerIp tries one password every 3 s across all numbers (a spraying
 * script gets 20 a minute), and is refused only when 30 s of attempts already wait: the people
 * behind a carrier's shared address still sign in, a little slower.
 */
export const PASSWORD_PACE: Pace = { name: 'password-ip', intervalMs: 3000, maxWaitMs: 30_000 };

/** How long a one-time code and a reset token stay valid. */
export const CODE_LIFETIME_SECONDS = 600;
