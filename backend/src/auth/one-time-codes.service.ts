import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { LIMITS, smsText } from '@market/contracts';
import { AppConfig } from '../config/app-config';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { RedisClient } from '../redis/redis.module';
import { AUTH_LIMITS, CODE_LIFETIME_SECONDS } from './auth.limits';
import { generateCode } from './password-hasher';
import { SmsRequestService } from './sms-request.service';

/** What a code confirms; one pending code per purpose and subject, a new one replaces the old. */
export type CodePurpose = 'reset' | 'register' | 'phone-change';

interface StoredCode<T> {
  id: string;
  hash: string;
  data: T;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function sameHash(hex: string, candidate: Buffer): boolean {
  const expected = Buffer.from(hex, 'hex');
  return expected.length === candidate.length && timingSafeEqual(expected, candidate);
}

/**
 * 5-digit SMS codes (valid 10 minutes, 5 tries each, single use) and the short-lived
 * tokens a checked code is exchanged for. Kept in Redis, hashed: neither a code nor a
 * token is stored or logged in clear.
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
   * confirmed. The SMS is recorded in `transaction`, so it leaves only if the caller commits.
   */
  async issue<T>(
    transaction: EntityManager,
    target: { purpose: CodePurpose; subject: string; phoneNumber: string; ip: string },
    data: T,
  ): Promise<void> {
    const code = generateCode(LIMITS.resetCodeDigits);
    const id = randomUUID();
    await this.sms.request(transaction, target.phoneNumber, target.ip, smsText('code', 'uz', { code }));
    const stored: StoredCode<T> = { id, hash: sha256(`${id}:${code}`).toString('hex'), data };
    await this.redis.set(this.codeKey(target.purpose, target.subject), JSON.stringify(stored), 'EX', CODE_LIFETIME_SECONDS);
  }

  /**
   * The data of the pending code when `code` is right (the code is then used up), null when it
   * is wrong or there is none. The sixth guess of one code answers 429.
   */
  async check<T>(purpose: CodePurpose, subject: string, code: string): Promise<T | null> {
    const key = this.codeKey(purpose, subject);
    const raw = await this.redis.get(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredCode<T>;
    await this.limits.consume(AUTH_LIMITS.codeTries, stored.id);
    if (!sameHash(stored.hash, sha256(`${stored.id}:${code}`))) return null;
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

  private codeKey(purpose: CodePurpose, subject: string): string {
    return `${this.config.QUEUE_PREFIX}:code:${purpose}:${subject}`;
  }

  private tokenKey(purpose: CodePurpose, subject: string): string {
    return `${this.config.QUEUE_PREFIX}:code-token:${purpose}:${subject}`;
  }
}
