import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
import Redis from 'ioredis';
import { QUEUES, type QueueName } from '@market/contracts';
import { AppConfig } from '@market/backend';

const JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
  // Completed jobs are kept a week so a late re-add of the same event id is still recognised and ignored.
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/**
 * The relay's producers. Their connection does not queue commands while Redis is down:
 * an add fails at once, the relay's transaction rolls back and the event stays pending.
 */
@Injectable()
export class QueueProducers implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queues: Map<QueueName, Queue>;

  constructor(config: AppConfig) {
    this.connection = new Redis(config.REDIS_QUEUE_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.connection.on('error', () => undefined);
    this.queues = new Map(
      Object.values(QUEUES).map((name) => [
        name,
        new Queue(name, { connection: this.connection, prefix: config.QUEUE_PREFIX, defaultJobOptions: JOB_OPTIONS }),
      ]),
    );
  }

  get ready(): boolean {
    return this.connection.status === 'ready';
  }

  async add(queue: QueueName, jobName: string, data: unknown, jobId: string): Promise<void> {
    await this.queues.get(queue)!.add(jobName, data, { jobId });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.connection.disconnect();
  }
}
