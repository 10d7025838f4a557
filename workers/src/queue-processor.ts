import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import type { QueueJobName, QueueName } from '@market/contracts';

type JobHandler = (job: Job, token?: string) => Promise<unknown>;
/** @Processor's worker options (concurrency, lock duration): @nestjs/bullmq does not export their type. */
type WorkerOptions = Parameters<typeof Processor>[1];

/** A queue's handlers: one for each job name of contracts' QUEUE_JOBS, and no other. */
export type JobHandlers<Q extends QueueName> = { readonly [J in QueueJobName<Q>]: JobHandler };

const PROCESSED_QUEUE = 'market:processed-queue';

/**
 * @Processor for a QueueProcessor: the compiler holds the class to the queue's job names, and
 * the job table (job-table.ts) reads the queue from here before any queue worker starts.
 */
export function ProcessorOf<Q extends QueueName>(queue: Q, workerOptions: WorkerOptions = {}) {
  return (processor: abstract new (...args: never[]) => QueueProcessor<Q>): void => {
    Processor(queue, workerOptions)(processor);
    Reflect.defineMetadata(PROCESSED_QUEUE, queue, processor);
  };
}

/**
 * The base of every queue processor: runs each job by its name's handler. A BullMQ worker
 * reports Redis trouble (an outage, a job whose keys vanished with a restarted Redis) as
 * 'error' events; they are logged here so the worker keeps running instead of the event
 * going unhandled.
 */
export abstract class QueueProcessor<Q extends QueueName = QueueName> extends WorkerHost {
  protected readonly logger = new Logger(this.constructor.name);
  abstract readonly handlers: JobHandlers<Q>;

  /** Set by @ProcessorOf; undefined on a processor declared otherwise, which the job table refuses. */
  get queueName(): Q | undefined {
    return Reflect.getMetadata(PROCESSED_QUEUE, this.constructor);
  }

  async process(job: Job, token?: string): Promise<unknown> {
    const handler = (this.handlers as Partial<Record<string, JobHandler>>)[job.name];
    if (!handler) throw new UnrecoverableError(`The ${this.queueName} queue has no handler for ${job.name}`);
    return handler(job, token);
  }

  @OnWorkerEvent('error')
  onWorkerError(error: Error): void {
    this.logger.warn(`Queue worker error: ${error.message}`);
  }

  /**
   * A job that threw. The processors log the failures they expect (a channel's refusal, an SMS
   * not sent) with their context; this line also names the others (data it cannot read, a
   * database the build does not match), which would otherwise be retried and end failed in the
   * queue dashboard unseen. Never the payload: SMS jobs carry passwords and codes.
   */
  @OnWorkerEvent('failed')
  onJobFailed(job: Job | undefined, error: Error): void {
    this.logger.warn(`Job ${job?.name} ${job?.id} failed on attempt ${job?.attemptsMade}: ${error.message}`);
  }
}
