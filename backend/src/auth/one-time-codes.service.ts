import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { LIMITS, smsText, type MessageKey } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { RedisClient } from '../redis/redis.module';
import { AUTH_LIMITS, CODE_LIFETIME_SECONDS } from './auth.limits';
import { generateCode } from './password-hasher';
import { SmsRequestService } from './sms-request.service';

/** What a code confirms. */
export type CodePurpose = 'reset' | 'register' | 'phone-change';

/**
 * Who a code is for: `subject` is what it confirms (a number, an account), `requester` who asked
 * for it (the browser's code-requester cookie, or the signed-in account). Only the requester's
 * answers are checked against it.
 */
export interface CodeTarget {
  purpose: CodePurpose;
  subject: string;
  requester: string;
}

/** A check may come from a browser that never asked for a code: it finds none. */
type CheckedTarget = Omit<CodeTarget, 'requester'> & { requester: string | undefined };

interface StoredCode<T> {
  id: string;
  hash: string;
  /** The number the code was texted to: its guesses from everywhere share one daily budget. */
  phoneNumber: string;
  data: T;
  /** Set when no code was sent (a taken number in the settings): confirming it answers this refusal, whatever the code. */
  refusal?: { key: MessageKey; field: string };
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function sameHash(hex: string, candidate: Buffer): boolean {
  const expected = Buffer.from(hex, 'hex');
  return expected.length === candidate.length && timingSafeEqual(expected, candidate);
}

/**
 * 5-digit SMS codes (valid 10 minutes, single use) and the short-lived tokens a checked code is
 * exchanged for. Kept in Redis, hashed: neither a code nor a token is stored or logged in clear.
 *
 * A code belongs to the requester it was sent for: another requester's code for the same number
 * is a different code, so nobody can replace, answer or burn someone else's (issue 32). Every
 * check is counted before it is compared (AUTH_LIMITS): per address (probing numbers with no code
 * costs too), per code (5 tries), and per number a day across all addresses and codes (9), which
 * keeps a number's chance of a guessed code under 1 in 10,000 a day.
 */
@Injectable()
export class OneTimeCodeService {
  constructor(
    private readonly redis: RedisClient,
    private readonly config: AppConfig,
    private readonly limits: RateLimitService,
    private readonly sms: SmsRequestService,
  ) {}

  /**
   * Sends a new code to `phoneNumber` (SMS limits apply) with `data` to hand back when it is
   * confirmed; it replaces the requester's own earlier code only. The SMS is recorded in
   * `transaction`, so it leaves only if the caller commits. Answers whether another requester
   * was sent a code for the same subject within its lifetime.
   */
  async issue<T>(transaction: EntityManager, target: CodeTarget & { phoneNumber: string; ip: string }, data: T): Promise<{ sentToAnother: boolean }> {
    const code = generateCode(LIMITS.resetCodeDigits);
    await this.sms.request(transaction, target.phoneNumber, target.ip, smsText('code', 'uz', { code }));
    return this.store(target, code, { phoneNumber: target.phoneNumber, data });
  }

  /**
   * Keeps a pending confirmation that sends nothing and that no code answers: confirming it
   * refuses with `refusal`. The settings answer a taken number as they answer a free one, and
   * tell only at confirmation, which is counted like every code check.
   */
  async hold<T>(target: CodeTarget & { phoneNumber: string }, data: T, refusal: StoredCode<T>['refusal']): Promise<void> {
    await this.store(target, randomBytes(16).toString('hex'), { phoneNumber: target.phoneNumber, data, refusal });
  }

  /**
   * The data of the requester's pending code when `code` is right (the code is then used up), null
   * when it is wrong or there is none. Each check is counted first; past a limit, 429.
   */
  async check<T>(target: CheckedTarget, code: string, ip: string): Promise<T | null> {
    await this.limits.consume(AUTH_LIMITS.codeChecksPerIp, ip);
    if (target.requester === undefined) return null;
    const key = this.codeKey({ ...target, requester: target.requester });
    const raw = await this.redis.get(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredCode<T>;
    await this.limits.consume(AUTH_LIMITS.codeTries, stored.id);
    // A held confirmation sent the number nothing to guess: it must not spend the number's guesses, which its owner needs.
    if (stored.refusal) {
      throw new AppException(HttpStatus.CONFLICT, stored.refusal.key, {}, { [stored.refusal.field]: stored.refusal.key });
    }
    await this.limits.consume(AUTH_LIMITS.codeGuessesPerNumber, stored.phoneNumber);
    if (!sameHash(stored.hash, sha256(`${stored.id}:${code}`))) return null;
    // The number's budget measures wrong guesses: its owner's right code gives its check back.
    await this.limits.refund(AUTH_LIMITS.codeGuessesPerNumber, stored.phoneNumber);
    return (await this.useUp(key, raw)) ? stored.data : null;
  }

  /** A random single-use token standing for a checked code (the reset flow's step 3). */
  async issueToken(purpose: CodePurpose, subject: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.redis.set(this.tokenKey(purpose, subject), sha256(token).toString('hex'), 'EX', CODE_LIFETIME_SECONDS);
    return token;
  }

  /** Whether `token` is the pending token of `subject`; a right token is used up, a wrong one changes nothing. */
  async consumeToken(purpose: CodePurpose, subject: string, token: string): Promise<boolean> {
    const key = this.tokenKey(purpose, subject);
    const hash = await this.redis.get(key);
    if (!hash || !sameHash(hash, sha256(token))) return false;
    return this.useUp(key, hash);
  }

  private async store<T>(target: CodeTarget, code: string, entry: Omit<StoredCode<T>, 'id' | 'hash'>): Promise<{ sentToAnother: boolean }> {
    const id = randomUUID();
    const stored: StoredCode<T> = { id, hash: sha256(`${id}:${code}`).toString('hex'), ...entry };
    const requester = sha256(target.requester).toString('hex');
    const [, [, lastRequester]] = (await this.redis
      .multi()
      .set(this.codeKey(target), JSON.stringify(stored), 'EX', CODE_LIFETIME_SECONDS)
      .set(this.lastRequesterKey(target), requester, 'EX', CODE_LIFETIME_SECONDS, 'GET')
      .exec())! as [unknown, [unknown, string | null]];
    return { sentToAnother: lastRequester !== null && lastRequester !== requester };
  }

  /** Deletes the entry only if it still holds `value`: of two simultaneous right answers, one wins. */
  private async useUp(key: string, value: string): Promise<boolean> {
    const deleted = await this.redis.eval(
      `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`,
      1,
      key,
      value,
    );
    return deleted === 1;
  }

  private codeKey({ purpose, subject, requester }: CodeTarget): string {
    return `${this.config.QUEUE_PREFIX}:code:${purpose}:${subject}:${sha256(requester).toString('hex')}`;
  }

  private lastRequesterKey({ purpose, subject }: CodeTarget): string {
    return `${this.config.QUEUE_PREFIX}:code-requester:${purpose}:${subject}`;
  }

  private tokenKey(purpose: CodePurpose, subject: string): string {
    return `${this.config.QUEUE_PREFIX}:code-token:${purpose}:${subject}`;
  }
}
