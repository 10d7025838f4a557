import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';

/**
 * The base of every queue processor. A BullMQ worker reports Redis trouble (an outage, a
 * job whose keys vanished with a restarted Redis) as 'error' events; they are logged here so
 * the worker keeps running instead of the event going unhandled.
 */
export abstract class QueueProcessor extends WorkerHost {
  protected readonly logger = new Logger(this.constructor.name);

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
