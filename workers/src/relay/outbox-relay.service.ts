import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig, OutboxService } from '@market/backend';
import { EVENT_QUEUES } from '@market/contracts';
import { QueueProducers } from './queue-producers';

const BATCH_SIZE = 100;
const DISPATCHED_RETENTION_MS = 7 * 24 * 3600 * 1000;

/**
 * Moves committed outbox events into their BullMQ queues. The outbox claims rows with
 * FOR UPDATE SKIP LOCKED so relays never share a row, and each job's id is the event id
 * so a crash between the add and the commit cannot enqueue an event twice.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | undefined;
  private currentTick: Promise<void> = Promise.resolve();
  private stopped = true;
  private redisWasDown = false;

  constructor(
    private readonly outbox: OutboxService,
    private readonly producers: QueueProducers,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.currentTick;
  }

  /** Dispatches one batch; answers how many events reached their queues. */
  async dispatchPending(): Promise<number> {
    if (!this.producers.ready) throw new Error('Redis is not reachable');
    return this.outbox.dispatchPending(BATCH_SIZE, async (events) => {
      await Promise.all(
        events.flatMap((event) =>
          EVENT_QUEUES[event.name].map((queue) => this.producers.add(queue, event.name, event.payload, event.id)),
        ),
      );
    });
  }

  /** Hourly (schedules.ts): events dispatched a week ago are removed. */
  async pruneDispatched(): Promise<void> {
    await this.outbox.pruneDispatched(new Date(Date.now() - DISPATCHED_RETENTION_MS));
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.currentTick = this.tick();
    }, delayMs);
  }

  private async tick(): Promise<void> {
    let dispatched = 0;
    try {
      dispatched = await this.dispatchPending();
      if (this.redisWasDown) this.logger.log('Queues reachable again; dispatching pending events');
      this.redisWasDown = false;
    } catch (error) {
      if (!this.redisWasDown) this.logger.warn(`Events wait in the outbox: ${(error as Error).message}`);
      this.redisWasDown = true;
    }
    // A full batch means more are waiting: go on at once.
    this.schedule(dispatched === BATCH_SIZE ? 0 : this.config.RELAY_POLL_MS);
  }
}
