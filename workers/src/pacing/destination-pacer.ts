import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { DelayedError, type Job } from 'bullmq';
import Redis from 'ioredis';
import { Gauge } from 'prom-client';
import { randomUUID } from 'node:crypto';
import { AppConfig, closeRedis } from '@market/backend';

/** A limit of a platform on one destination: at most `limit` messages in any moving `windowMs`. */
export interface Destination {
  /** Redis key part naming the destination, e.g. 'telegram:channel:@telefonbozor'. */
  key: string;
  limit: number;
  windowMs: number;
  /** Spread the messages at least this far apart (smooths a burst into a steady rate); 0 lets a burst through. */
  spacingMs?: number;
}

/**
 * A send is recorded at its slot but reaches the platform a little later (the delayed job's
 * promotion, the HTTP call, a busy event loop): the window we keep is longer than the
 * platform's by a tenth and a quarter second.
 */
const marginOf = (destination: Destination) => destination.windowMs * 0.1 + 250;
/** A turn this close is awaited in the job; a later one sends the job back to the delayed set until then. */
const SLEEP_AT_MOST_MS = 1_000;

/**
 * Reserves the earliest slot at which `cost` messages fit every destination's moving window:
 * each destination keeps the slots it gave (a sorted set, pruned past its window), a slot is
 * never before a platform's "retry after", and a destination that spaces its messages gives them
 * in order (first come, first served). A window alone (the bot's 30 a second) only counts: a
 * chat waiting seconds for its turn holds no other chat's message back, and the window still
 * holds, since a slot must wait until enough of the slots given, wherever they lie, have left it.
 * A job that came back too late for the slot it held gives that slot back as it takes a new one.
 * KEYS: per destination its log and its blocked-until key. ARGV: now, cost, member, the member
 * given back ('' for none), then per destination limit, window (with margin) and spacing.
 */
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local cost = tonumber(ARGV[2])
local slot = now
local count = #KEYS / 2
for i = 1, count do
  local log = KEYS[2 * i - 1]
  local limit = tonumber(ARGV[5 + (i - 1) * 3])
  local window = tonumber(ARGV[6 + (i - 1) * 3])
  local spacing = tonumber(ARGV[7 + (i - 1) * 3])
  redis.call('ZREMRANGEBYSCORE', log, '-inf', now - window)
  if ARGV[4] ~= '' then
    for n = 1, cost do redis.call('ZREM', log, ARGV[4] .. ':' .. n) end
  end
  local blocked = tonumber(redis.call('GET', KEYS[2 * i]) or '0')
  if blocked > slot then slot = blocked end
  if spacing > 0 then
    local last = redis.call('ZRANGE', log, -1, -1, 'WITHSCORES')
    if last[2] and tonumber(last[2]) + spacing > slot then slot = tonumber(last[2]) + spacing end
  end
  local entries = redis.call('ZCARD', log)
  local mustLeave = entries + cost - limit
  if mustLeave > 0 then
    local leaving = redis.call('ZRANGE', log, mustLeave - 1, mustLeave - 1, 'WITHSCORES')
    local free = tonumber(leaving[2]) + window
    if free > slot then slot = free end
  end
end
for i = 1, count do
  local log = KEYS[2 * i - 1]
  local window = tonumber(ARGV[6 + (i - 1) * 3])
  for n = 1, cost do redis.call('ZADD', log, slot, ARGV[3] .. ':' .. n) end
  redis.call('PEXPIRE', log, math.ceil(slot - now + window))
end
return tostring(slot)
`;

/** The wait of the latest slot given per destination: a channel minutes behind is a backlog its limit cannot clear. */
const pacerDelay = new Gauge({
  name: 'pacer_delay_seconds',
  help: 'How far ahead of now the latest slot given to each destination was, in seconds',
  labelNames: ['destination'] as const,
});

/** A private chat's key names the chat: the chats share one series so that their count stays bounded. */
function destinationClass(destination: Destination): string {
  return destination.key.replace(/^telegram:chat:.*/, 'telegram:chat');
}

/** Where a job keeps the slot it reserved while it waits in the delayed set. */
const SLOT_FIELD = 'pacedSlot';

/** A slot given: its time (ms since the epoch) and the member naming its places in the destinations' logs. */
interface Slot {
  at: number;
  member: string;
}

function isSlot(value: unknown): value is Slot {
  return typeof value === 'object' && value !== null && typeof (value as Slot).at === 'number' && typeof (value as Slot).member === 'string';
}

/**
 * Paces messages to the platforms' destinations (a Telegram channel, a private chat, the bot as
 * a whole, an Instagram account) across every worker process: the limits live in Redis, so two
 * workers never both take the last place of a window. BullMQ's own rate limiter counts jobs of a
 * whole queue (its per-group limits are BullMQ Pro only), while a channel's limit counts an
 * album's photos one by one and differs per destination.
 */
@Injectable()
export class DestinationPacer implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly prefix: string;
  readonly timeScale: number;

  constructor(config: AppConfig) {
    this.redis = new Redis(config.REDIS_QUEUE_URL, { maxRetriesPerRequest: null });
    this.redis.defineCommand('reserveSlot', { lua: RESERVE_SCRIPT });
    this.prefix = `${config.QUEUE_PREFIX}:pacing`;
    this.timeScale = config.CHANNEL_PACING_TIME_SCALE;
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }

  /** The earliest time (ms since the epoch) at which `cost` messages may go to all `destinations`; the place is taken. */
  async reserve(destinations: readonly Destination[], cost = 1): Promise<number> {
    return (await this.take(destinations, cost)).at;
  }

  /** Reserves as `reserve` does, giving back the places of `givenBack` (a slot its job came back too late for). */
  private async take(destinations: readonly Destination[], cost: number, givenBack?: Slot): Promise<Slot> {
    const keys = destinations.flatMap((destination) => [this.logKey(destination), this.blockedKey(destination)]);
    const args = destinations.flatMap((destination) => [
      destination.limit,
      Math.ceil(destination.windowMs + marginOf(destination)),
      destination.spacingMs ?? 0,
    ]);
    const reserve = (this.redis as unknown as { reserveSlot(...args: Array<string | number>): Promise<string> }).reserveSlot;
    const now = Date.now();
    const member = randomUUID();
    const at = Number(await reserve.call(this.redis, keys.length, ...keys, now, cost, member, givenBack?.member ?? '', ...args));
    for (const destination of destinations) pacerDelay.set({ destination: destinationClass(destination) }, (at - now) / 1000);
    return { at, member };
  }

  /** The platform said "retry after": no slot of the destination is given before `until`. */
  async blockUntil(destination: Destination, until: number): Promise<void> {
    const ttl = Math.max(1, until - Date.now());
    await this.redis.eval(
      `local current = tonumber(redis.call('GET', KEYS[1]) or '0')
       if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end`,
      1,
      this.blockedKey(destination),
      until,
      ttl,
    );
  }

  /**
   * Waits for the job's turn to send `cost` messages: a near turn in place, a later one by moving
   * the job to the delayed set until its slot (throws BullMQ's DelayedError, which the processor
   * rethrows). The slot stays reserved in the job's data; a job back later than its slot by more
   * than half the window's margin (the workers were busy) gives it back and takes a new one, so late
   * sends never bunch up.
   */
  async awaitTurn(
    job: Job,
    token: string | undefined,
    destinations: readonly Destination[],
    cost = 1,
    onDelayed?: (slot: number) => Promise<void>,
  ): Promise<void> {
    const { [SLOT_FIELD]: reserved, ...data } = job.data as Record<string, unknown>;
    // The margin covers a send's whole lateness: half of it for the job coming back late, the other half for the way to
    // the platform. Later than that, a send could crowd the next window: the slot is taken again.
    const tolerance = Math.max(...destinations.map(marginOf)) / 2;
    const held = isSlot(reserved) ? reserved : undefined;
    const slot = held && Date.now() - held.at <= tolerance ? held : await this.take(destinations, cost, held);
    const wait = slot.at - Date.now();
    if (wait > SLEEP_AT_MOST_MS) {
      await onDelayed?.(slot.at);
      await job.updateData({ ...data, [SLOT_FIELD]: slot });
      await job.moveToDelayed(slot.at, token);
      throw new DelayedError();
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (reserved !== undefined) await job.updateData(data);
  }

  /** Slots given to the destination that are already past, within its window: the messages sent lately. */
  async sentRecently(destination: Destination): Promise<number> {
    const now = Date.now();
    return this.redis.zcount(this.logKey(destination), now - Math.ceil(destination.windowMs + marginOf(destination)), now);
  }

  private logKey(destination: Destination): string {
    return `${this.prefix}:${destination.key}`;
  }

  private blockedKey(destination: Destination): string {
    return `${this.prefix}:${destination.key}:blocked`;
  }
}
