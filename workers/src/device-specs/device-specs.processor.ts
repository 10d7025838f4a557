import type { Job } from 'bullmq';
import { parseEventPayload, QUEUES } from '@market/contracts';
import { DeviceSpecsRefresh, type SpecRefreshOutcome } from './device-specs-refresh.service';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';

/**
 * Runs the 'device.refresh-requested' jobs. A source that fails for a while (5xx, timeout)
 * throws, so BullMQ retries with backoff; a page that cannot be read ends the job as failed.
 */
@ProcessorOf(QUEUES.deviceSpecs, { concurrency: 2 })
export class DeviceSpecsProcessor extends QueueProcessor<typeof QUEUES.deviceSpecs> {
  readonly handlers: JobHandlers<typeof QUEUES.deviceSpecs> = { 'device.refresh-requested': (job) => this.refreshSpecs(job) };

  constructor(private readonly refresh: DeviceSpecsRefresh) {
    super();
  }

  private refreshSpecs(job: Job<unknown>): Promise<SpecRefreshOutcome> {
    const { deviceId } = parseEventPayload('device.refresh-requested', job.data);
    return this.refresh.refresh(deviceId);
  }
}
