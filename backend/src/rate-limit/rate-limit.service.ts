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

/** Actions of one key spaced `intervalMs` apart; a caller that would wait longer than `maxWaitMs` is refused. */
export interface Pace {
  name: string;
  intervalMs: number;
  maxWaitMs: number;
}

/** Takes the key's next turn: answers the milliseconds to wait for it, or -1 when that is over ARGV[2]. */
const TAKE_TURN = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local turn = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
if turn - now > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], turn + tonumber(ARGV[1]), 'PX', turn + tonumber(ARGV[1]) - now + 1000)
return turn - now`;

/**
 * Redis-backed limits shared by every API process. A limit that is reached answers 429
 * `tooManyRequests` with `{ seconds }` to wait (the envelope's retryAfterSeconds and a
 * Retry-After header). While Redis is unreachable each process keeps counting in memory,
 * its share of each limit (RATE_LIMIT_PROCESSES: the API and worker processes together keep
 * to the limit, at least one each): sign-ups go on (their SMS wait in the outbox) and nothing
 * becomes unlimited.
 *
 * Every limit is consumed before the work it guards (an atomic INCR in Redis), never checked
 * first and recorded afterwards: of a burst sent at once, only the limit's number get through.
 *
 * Usage: declare a `RateLimit` constant beside the feature, then
 * - `consume(limit, key)` before every attempt: counts it, throws once over the limit; answers
 *   how many the key has used in the window, this one included;
 * - `tryConsume(limit, key)` to count an attempt and learn whether it was within the limit
 *   (e.g. a budget whose end slows a caller down rather than refusing it);
 * - `consumeAll(checks)` for several limits at once: all are consumed, or none stays consumed;
 * - `refund(limit, key)` to give back an attempt that should not count (e.g. a right password);
 * - `reset(limit, key)` to forget the attempts (e.g. after a successful sign-in);
 * - `pace(pace, key)` to space actions out instead of refusing them.
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    private readonly redis: RedisClient,
    private readonly config: AppConfig,
  ) {
    // A Redis limiter defines its Lua command (rlflxIncr) on the client when it is made, and an auto-pipeline
    // already collecting other requests' commands lacks it: ioredis then threw outside any promise and the API
    // died (ioredis#1931; a node started again under load, in the scale-out drill). Made now, before any
    // request, the command is on every pipeline.
    new RateLimiterRedis({ storeClient: redis, points: 1, duration: 1 });
  }

  async consume(limit: RateLimit, key: string, points = 1): Promise<number> {
    try {
      return (await this.limiter(limit).consume(key, points)).consumedPoints;
    } catch (error) {
      throw this.refusal(error);
    }
  }

  async tryConsume(limit: RateLimit, key: string): Promise<boolean> {
    try {
      await this.limiter(limit).consume(key);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw this.refusal(error);
    }
  }

  async consumeAll(checks: readonly (readonly [RateLimit, string])[]): Promise<void> {
    const consumed: (readonly [RateLimit, string])[] = [];
    try {
      for (const check of checks) {
        await this.consume(...check);
        consumed.push(check);
      }
    } catch (refusal) {
      for (const [limit, key] of consumed) await this.refund(limit, key);
      throw refusal;
    }
  }

  async refund(limit: RateLimit, key: string, points = 1): Promise<void> {
    try {
      await this.limiter(limit).reward(key, points);
    } catch (error) {
      // A refund is a courtesy: failing to give one back must not fail the action.
      this.logger.warn(`Could not refund limit ${limit.name}: ${(error as Error).message}`);
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

  /**
   * Waits for the key's next turn: actions of one key are spaced `intervalMs` apart across every
   * process (the turn is taken atomically in Redis, by Redis's clock). When the key's queue is
   * already `maxWaitMs` long, answers 429 with the seconds to wait instead of waiting.
   */
  async pace(pace: Pace, key: string): Promise<void> {
    let waitMs: number;
    try {
      waitMs = Number(
        await this.redis.eval(TAKE_TURN, 1, `${this.config.QUEUE_PREFIX}:pace:${pace.name}:${key}`, pace.intervalMs, pace.maxWaitMs),
      );
    } catch (error) {
      throw this.refusal(error);
    }
    if (waitMs < 0) {
      throw new AppException(HttpStatus.TOO_MANY_REQUESTS, 'tooManyRequests', { seconds: Math.ceil(pace.maxWaitMs / 1000) });
    }
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
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
          points: Math.max(1, Math.floor(limit.points / this.config.RATE_LIMIT_PROCESSES)),
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
