import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

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

  async onApplicationShutdown(): Promise<void> {
    this.disconnect();
  }
}

@Global()
@Module({ providers: [RedisClient], exports: [RedisClient] })
export class RedisModule {}
