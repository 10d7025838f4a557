import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import { closeRedis } from '../redis/redis.module';

/** The Socket.IO room of one person: every page they have open, on any API process. */
export function personRoom(userId: string): string {
  return `person:${userId}`;
}

/** The Redis adapter every process shares (under the deployment's QUEUE_PREFIX): a push from one reaches the sockets of all. */
export function pushAdapter(config: AppConfig): { adapter: ReturnType<typeof createAdapter>; close: () => Promise<unknown> } {
  const logger = new Logger('ConversationsLive');
  const publisher = new Redis(config.REDIS_QUEUE_URL, { lazyConnect: true });
  const subscriber = publisher.duplicate();
  for (const connection of [publisher, subscriber]) connection.on('error', (error: Error) => logger.warn(`Redis for real time: ${error.message}`));
  return {
    adapter: createAdapter(publisher, subscriber, { key: `${config.QUEUE_PREFIX}:socket.io` }),
    close: () => Promise.all([closeRedis(publisher), closeRedis(subscriber)]),
  };
}

/**
 * Pushes to people's open pages through the gateway's server, once it is up. A push is a
 * courtesy on top of PostgreSQL: a page that missed one catches up with `sync`.
 */
@Injectable()
export class ConversationsLive implements OnApplicationShutdown {
  private server: Server | undefined;
  private closeAdapter: (() => Promise<unknown>) | undefined;

  /** Pushes go through `server` until shutdown, which then closes its Redis adapter (`closeAdapter`). */
  attach(server: Server, closeAdapter: () => Promise<unknown>): void {
    this.server = server;
    this.closeAdapter = closeAdapter;
  }

  push(userId: string, event: string, payload: unknown): void {
    this.server?.to(personRoom(userId)).emit(event, payload);
  }

  // Detached before the adapter closes: a job or request still finishing pushes to nothing (its
  // page catches up with `sync`) instead of publishing on a closed connection, a rejection no one catches.
  async onApplicationShutdown(): Promise<void> {
    this.server = undefined;
    await this.closeAdapter?.();
  }
}
