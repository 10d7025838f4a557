import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

/** How long closing waits for Redis to answer: a Redis that hangs (stopped, a network partition) must not hold a shutdown. */
const QUIT_ANSWER_MS = 1_000;

/**
 * Closes a Redis connection after the commands it has sent are answered (QUIT comes after them):
 * a disconnect rejected those still pending with 'Connection is closed', which nobody awaited when
 * they were a library's (the real-time adapter subscribing while the app already stopped). A
 * connection that is down, or a Redis that does not answer within a second, is dropped.
 */
export async function closeRedis(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  if (connection.status !== 'ready' && connection.status !== 'connect' && connection.status !== 'connecting') return void connection.disconnect();
  let timer: NodeJS.Timeout | undefined;
  const unanswered = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), QUIT_ANSWER_MS)));
  const answered = await Promise.race([connection.quit().then(() => true, () => false), unanswered]);
  clearTimeout(timer);
  if (!answered) connection.disconnect();
}

/**
 * The API's Redis connection (health, rate limits, views counted once a day per visitor). It fails
 * fast instead of queueing commands while Redis is down. The commands of the requests handled in
 * one turn of the event loop go out together (auto-pipelining): one write and one read for many
 * visitors instead of one each.
 */
@Injectable()
export class RedisClient extends Redis implements OnApplicationShutdown {
  constructor(@Inject(AppConfig) config: AppConfig) {
    // disconnectTimeout: closeRedis drops only a connection that is down or does not answer; ioredis would wait 2 s
    // more for such a socket to close, and for one already closed (a stopped Redis) it never does.
    super(config.REDIS_CACHE_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false, enableAutoPipelining: true, disconnectTimeout: 0 });
    // Connection errors are reported by /api/health; ioredis keeps reconnecting on its own.
    this.on('error', () => undefined);
  }

  onApplicationShutdown(): Promise<void> {
    return closeRedis(this);
  }
}

@Global()
@Module({ providers: [RedisClient], exports: [RedisClient] })
export class RedisModule {}
