import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue, RepeatOptions } from 'bullmq';
import {
  ABANDONED_DRAFTS_JOB,
  PAYMENT_RECHECK_EVERY_MS,
  PAYMENT_RECHECK_JOB,
  PROMOTION_SETTLE_EVERY_MS,
  PROMOTION_SETTLE_JOB,
  QUEUES,
  SCHEDULED_JOBS,
  type QueueJobName,
} from '@market/contracts';

/** The queues that carry scheduled jobs. */
export const SCHEDULED_QUEUES = [QUEUES.schedules, QUEUES.payments, QUEUES.drafts] as const;
type ScheduledQueue = (typeof SCHEDULED_QUEUES)[number];

export interface Schedule<Q extends ScheduledQueue = ScheduledQueue> {
  queue: Q;
  job: QueueJobName<Q>;
  repeat: Pick<RepeatOptions, 'every' | 'pattern' | 'tz'>;
  /** Also run once when the workers start (within an hour, however many start). */
  atStart?: true;
}

const schedule = <Q extends ScheduledQueue>(entry: Schedule<Q>): Schedule => entry as Schedule;

/**
 * Every clock of the workers. Each is a BullMQ job scheduler, its id the job's name: every worker
 * process upserts them all at its start, and however many do, each has one schedule and each tick
 * is one job, run by one worker.
 */
export const SCHEDULES: readonly Schedule[] = [
  // Drafts removed within an hour of turning 30 days old.
  schedule({ queue: QUEUES.drafts, job: ABANDONED_DRAFTS_JOB, repeat: { pattern: '17 * * * *' } }),
  schedule({ queue: QUEUES.payments, job: PAYMENT_RECHECK_JOB, repeat: { every: PAYMENT_RECHECK_EVERY_MS } }),
  schedule({ queue: QUEUES.payments, job: PROMOTION_SETTLE_JOB, repeat: { every: PROMOTION_SETTLE_EVERY_MS } }),
  schedule({ queue: QUEUES.schedules, job: SCHEDULED_JOBS.savedSearchDigests, repeat: { pattern: '0 20 * * *', tz: 'Asia/Tashkent' } }),
  schedule({ queue: QUEUES.schedules, job: SCHEDULED_JOBS.sellerRatings, repeat: { every: 10 * 60_000 } }),
  // Hourly (the CBU publishes once a day), and at start: prices filter on the fallback rate until the first fetch.
  schedule({ queue: QUEUES.schedules, job: SCHEDULED_JOBS.usdRate, repeat: { pattern: '0 * * * *' }, atStart: true }),
  schedule({ queue: QUEUES.schedules, job: SCHEDULED_JOBS.dispatchedEventsPrune, repeat: { pattern: '0 * * * *' } }),
  schedule({ queue: QUEUES.schedules, job: SCHEDULED_JOBS.unusedPhotos, repeat: { every: 10 * 60_000 } }),
  schedule({ queue: QUEUES.schedules, job: SCHEDULED_JOBS.listingChecks, repeat: { every: 30_000 } }),
  schedule({ queue: QUEUES.schedules, job: SCHEDULED_JOBS.staleDeviceSpecs, repeat: { every: 60_000 } }),
];

/** A tick's job kept in the queue dashboard: the last hundred done, the last five hundred failed. */
const KEPT = { removeOnComplete: 100, removeOnFail: 500 };
const HOUR_MS = 3600_000;

/** Upserts SCHEDULES at each worker process's start (the schedules' one place). */
@Injectable()
export class Schedules implements OnApplicationBootstrap {
  private readonly queues: Record<ScheduledQueue, Queue>;

  constructor(
    @InjectQueue(QUEUES.schedules) schedulesQueue: Queue,
    @InjectQueue(QUEUES.payments) paymentsQueue: Queue,
    @InjectQueue(QUEUES.drafts) draftsQueue: Queue,
  ) {
    this.queues = { [QUEUES.schedules]: schedulesQueue, [QUEUES.payments]: paymentsQueue, [QUEUES.drafts]: draftsQueue };
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const { queue, job, repeat, atStart } of SCHEDULES) {
      await this.queues[queue].upsertJobScheduler(job, repeat, { name: job, opts: KEPT });
      // Deduplicated for an hour: workers starting together, or restarted in a deploy, run it once.
      if (atStart) await this.queues[queue].add(job, {}, { ...KEPT, deduplication: { id: `${job}:at-start`, ttl: HOUR_MS } });
    }
  }
}

