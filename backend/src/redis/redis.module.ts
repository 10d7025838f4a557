import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

/**
 * Closes a Redis connection after the commands it has sent are answered (QUIT comes after them):
 * a disconnect rejected those still pending with 'Connection is closed', which nobody awaited when
 * they were a library's (the real-time adapter subscribing while the app already stopped). A
 * connection that is down is dropped at once.
 */
export async function closeRedis(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  if (connection.status !== 'ready' && connection.status !== 'connect' && connection.status !== 'connecting') return void connection.disconnect();
  await connection.quit().catch(() => connection.disconnect());
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
    super(config.REDIS_CACHE_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false, enableAutoPipelining: true });
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
