import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';

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
}
