import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { closeRedis } from '@market/backend';

/** Takes the lease when it is free or renews it when it is this holder's; 1 when held now. */
const HOLD_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
`;

/**
 * The right to long-poll the bot, held by one worker process at a time: a key in the queues'
 * Redis naming its holder, which expires `ttlMs` after the last renewal, so that a crashed
 * holder's turn passes to another worker.
 */
export class PollingLease {
  private readonly redis: Redis;
  private readonly holder = randomUUID();

  constructor(
    redisUrl: string,
    private readonly key: string,
    readonly ttlMs: number,
  ) {
    // A Redis away fails the call rather than waiting: the caller decides whether its turn still lasts.
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  }

  /** Takes the lease if it is free, renews it if it is ours; answers whether it is ours now. */
  async hold(): Promise<boolean> {
    return (await this.redis.eval(HOLD_SCRIPT, 1, this.key, this.holder, this.ttlMs)) === 1;
  }

  /** Gives the lease up at once if it is ours, and closes the connection. */
  async release(): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.key, this.holder).catch(() => undefined);
    await closeRedis(this.redis);
  }
}
