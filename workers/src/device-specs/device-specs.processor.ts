import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { parseEventPayload, QUEUES } from '@market/contracts';
import { DeviceSpecsRefresh, type SpecRefreshOutcome } from './device-specs-refresh.service';
import { QueueProcessor } from '../queue-processor';

/**
 * Runs the 'device.refresh-requested' jobs. A source that fails for a while (5xx, timeout)
 * throws, so BullMQ retries with backoff; a page that cannot be read ends the job as failed.
 */
@Processor(QUEUES.deviceSpecs, { concurrency: 2 })
export class DeviceSpecsProcessor extends QueueProcessor {
  constructor(private readonly refresh: DeviceSpecsRefresh) {
    super();
  }

  async process(job: Job<unknown>): Promise<SpecRefreshOutcome> {
    const { deviceId } = parseEventPayload('device.refresh-requested', job.data);
    return this.refresh.refresh(deviceId);
  }
}
