import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';
import { RedisClient } from '../redis/redis.module';

/** At most `points` actions per `durationSeconds` for one key (a phone number, an IP, a code). */
export interface RateLimit {
  /** Unique among all limits: it names the counters in Redis. */
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * Redis-backed limits shared by every API process. A limit that is reached answers 429
 * `tooManyRequests` with `{ seconds }` to wait (the envelope's retryAfterSeconds and a
 * Retry-After header). While Redis is unreachable each process keeps counting in memory
 * with the same limits: sign-ups go on (their SMS wait in the outbox) and nothing becomes
 * unlimited.
 *
 * Usage: declare a `RateLimit` constant beside the feature, then
 * - `consume(limit, key)` before (or for every) attempt: counts it, throws once over the limit;
 * - `assertAvailable(limit, key)` to refuse without counting, and `record(limit, key)` to count
 *   an action afterwards without refusing it (e.g. a wrong password: only failures count);
 * - `used(limit, key)` to tell how many actions the key has used in the current window;
 * - `reset(limit, key)` to forget the attempts (e.g. after a successful sign-in).
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    private readonly redis: RedisClient,
    private readonly config: AppConfig,
  ) {}

  async consume(limit: RateLimit, key: string, points = 1): Promise<void> {
    try {
      await this.limiter(limit).consume(key, points);
    } catch (error) {
      throw this.refusal(error);
    }
  }

  /** Consumes every limit, or none when one of them is already used up (checked first). */
  async consumeAll(checks: readonly (readonly [RateLimit, string])[]): Promise<void> {
    for (const [limit, key] of checks) await this.assertAvailable(limit, key);
    for (const [limit, key] of checks) await this.consume(limit, key);
  }

  async assertAvailable(limit: RateLimit, key: string): Promise<void> {
    let state: RateLimiterRes | null;
    try {
      state = await this.limiter(limit).get(key);
    } catch (error) {
      throw this.refusal(error);
    }
    if (state && state.consumedPoints >= limit.points) throw this.refusal(state);
  }

  async record(limit: RateLimit, key: string): Promise<void> {
    try {
      await this.limiter(limit).penalty(key);
    } catch (error) {
      throw this.refusal(error);
    }
  }

  async used(limit: RateLimit, key: string): Promise<number> {
    try {
      return (await this.limiter(limit).get(key))?.consumedPoints ?? 0;
    } catch (error) {
      throw this.refusal(error);
    }
  }

  async reset(limit: RateLimit, key: string): Promise<void> {
    try {
      await this.limiter(limit).delete(key);
    } catch (error) {
      // Forgetting old attempts is a courtesy: failing to do so must not fail a successful action.
      this.logger.warn(`Could not reset limit ${limit.name}: ${(error as Error).message}`);
    }
  }

  private limiter(limit: RateLimit): RateLimiterRedis {
    let limiter = this.limiters.get(limit.name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        // QUEUE_PREFIX is the deployment's namespace in a shared Redis (each test run has its own).
        keyPrefix: `${this.config.QUEUE_PREFIX}:limit:${limit.name}`,
        points: limit.points,
        duration: limit.durationSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({
          keyPrefix: `limit:${limit.name}`,
          points: limit.points,
          duration: limit.durationSeconds,
        }),
      });
      this.limiters.set(limit.name, limiter);
    }
    return limiter;
  }

  private refusal(error: unknown): AppException {
    if (error instanceof RateLimiterRes) {
      return new AppException(HttpStatus.TOO_MANY_REQUESTS, 'tooManyRequests', {
        seconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      });
    }
    this.logger.error(`Rate limit store unavailable: ${(error as Error).message}`);
    return new AppException(HttpStatus.SERVICE_UNAVAILABLE, 'serviceUnavailable');
  }
}
