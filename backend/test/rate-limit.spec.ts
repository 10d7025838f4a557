import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AppException } from '../src/common/app.exception';
import { RateLimitService, type RateLimit } from '../src/rate-limit/rate-limit.service';
import { RedisClient } from '../src/redis/redis.module';
import { testConfig } from '../../test/support/config';
import { startPrivateRedis } from '../../test/support/redis-server';
import { burst } from '../../test/support/burst';

const threePerMinute: RateLimit = { name: 'test-three-per-minute', points: 3, durationSeconds: 60 };

/** The API connects to Redis while it starts; these tests build the client directly and wait for it. */
async function connected(client: RedisClient): Promise<RedisClient> {
  if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  return client;
}

async function refusal(action: Promise<unknown>): Promise<AppException> {
  try {
    await action;
  } catch (error) {
    return error as AppException;
  }
  throw new Error('expected the action to be refused');
}

describe('rate limits', () => {
  const config = testConfig();
  let redis: RedisClient;
  let limits: RateLimitService;

  beforeAll(async () => {
    // The outage test's error log is expected.
    Logger.overrideLogger(false);
    redis = await connected(new RedisClient(config));
    limits = new RateLimitService(redis, config);
  });
  afterAll(() => redis.onApplicationShutdown());

  it('allows the limit and refuses the next action with 429 and the seconds to wait', async () => {
    const key = randomUUID();
    for (let action = 0; action < 3; action++) await limits.consume(threePerMinute, key);
    const refused = await refusal(limits.consume(threePerMinute, key));
    expect(refused.getStatus()).toBe(429);
    expect(refused.messageKey).toBe('tooManyRequests');
    expect(refused.params.seconds).toBeGreaterThan(55);
    expect(refused.params.seconds).toBeLessThanOrEqual(60);
  });

  it("counts a limit first used beside another request's Redis command, without bringing the process down", async () => {
    // A node just started, under load: in one turn of the event loop a request reads Redis (auto-pipelined) while
    // another consumes a limit no request had used yet. ioredis threw outside any promise and the API died.
    const client = await connected(new RedisClient(config));
    try {
      const fresh = new RateLimitService(client, config);
      const firstUse: RateLimit = { name: `test-first-use-${randomUUID()}`, points: 3, durationSeconds: 60 };
      const [, consumed] = await Promise.all([client.get(randomUUID()), fresh.consume(firstUse, randomUUID())]);
      expect(consumed).toBe(1);
      // The throw came on a later tick than the answers.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      await client.onApplicationShutdown();
    }
  });

  it('counts each key on its own', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    for (let action = 0; action < 3; action++) await limits.consume(threePerMinute, first);
    await expect(limits.consume(threePerMinute, second)).resolves.toBe(1);
  });

  it('lets through only the limit of a burst of attempts released together', async () => {
    const key = randomUUID();
    const outcomes = await burst(20, () => limits.consume(threePerMinute, key).then(() => 'counted', (error: AppException) => error.getStatus()));
    expect(outcomes.filter((outcome) => outcome === 'counted')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 429)).toHaveLength(17);
  });

  it('tells whether an attempt was within the limit without refusing it', async () => {
    const key = randomUUID();
    const within = await burst(5, () => limits.tryConsume(threePerMinute, key));
    expect(within.filter(Boolean)).toHaveLength(3);
  });

  it('gives back a refunded attempt, and forgets the attempts on reset', async () => {
    const key = randomUUID();
    for (let action = 0; action < 3; action++) await limits.consume(threePerMinute, key);
    await limits.refund(threePerMinute, key);
    expect(await limits.consume(threePerMinute, key)).toBe(3);
    expect((await refusal(limits.consume(threePerMinute, key))).getStatus()).toBe(429);
    await limits.reset(threePerMinute, key);
    expect(await limits.consume(threePerMinute, key)).toBe(1);
  });

  it('spaces a key\'s actions out and refuses one that would wait too long', async () => {
    const pace = { name: `test-pace-${randomUUID()}`, intervalMs: 200, maxWaitMs: 500 };
    const started = Date.now();
    const outcomes = await burst(6, () =>
      limits.pace(pace, 'key').then(
        () => Date.now() - started,
        (error: AppException) => error.getStatus(),
      ),
    );
    const waited = outcomes.filter((outcome) => outcome !== 429) as number[];
    // Turns at 0, 200, 400 ms; the next would wait 600 ms, over the 500 allowed.
    expect(waited).toHaveLength(3);
    expect(Math.max(...waited)).toBeGreaterThanOrEqual(390);
    expect(outcomes.filter((outcome) => outcome === 429)).toHaveLength(3);
  });

  it('consumes several limits only when all of them allow it', async () => {
    const key = randomUUID();
    const once: RateLimit = { name: 'test-once', points: 1, durationSeconds: 60 };
    await limits.consume(once, key);
    expect((await refusal(limits.consumeAll([[threePerMinute, key], [once, key]]))).getStatus()).toBe(429);
    // The first limit was given back its point for the refused action.
    expect(await limits.consume(threePerMinute, key)).toBe(1);
  });

  it('keeps limiting from memory while Redis is unreachable rather than letting everything through', async () => {
    const privateRedis = await startPrivateRedis();
    const privateConfig = testConfig({ REDIS_URL: privateRedis.url });
    const client = await connected(new RedisClient(privateConfig));
    const service = new RateLimitService(client, privateConfig);
    try {
      await service.consume(threePerMinute, 'before-the-outage');
      await privateRedis.stop();
      for (let action = 0; action < 3; action++) await service.consume(threePerMinute, 'during-the-outage');
      const refused = await refusal(service.consume(threePerMinute, 'during-the-outage'));
      expect(refused.getStatus()).toBe(429);
      expect(refused.messageKey).toBe('tooManyRequests');
    } finally {
      await client.onApplicationShutdown();
      await privateRedis.stop();
    }
  });

  it('keeps to its share of a limit from memory while Redis is unreachable, the limits being counted by several processes', async () => {
    const tenPerMinute: RateLimit = { name: 'test-ten-per-minute', points: 10, durationSeconds: 60 };
    const privateRedis = await startPrivateRedis();
    // Two processes (two APIs behind HAProxy), each counting alone during the outage: together they let through the limit, not twice it.
    const processes = await Promise.all(
      [0, 1].map(async () => {
        const processConfig = testConfig({ REDIS_URL: privateRedis.url, RATE_LIMIT_PROCESSES: '2' });
        const client = await connected(new RedisClient(processConfig));
        return { client, service: new RateLimitService(client, processConfig) };
      }),
    );
    try {
      await privateRedis.stop();
      const answers = await Promise.allSettled(Array.from({ length: 12 }, (_, attempt) => processes[attempt % 2].service.consume(tenPerMinute, 'sms-to-one-number')));
      expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(10);
    } finally {
      for (const { client } of processes) await client.onApplicationShutdown();
      await privateRedis.stop();
    }
  });
});
