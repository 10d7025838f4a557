import { BullRegistrar } from '@nestjs/bullmq';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import {
  ABANDONED_DRAFTS_JOB,
  CHANNEL_COPIES_BACKFILL_JOB,
  CHANNEL_PUBLISH_JOB,
  PAYMENT_RECHECK_JOB,
  PROMOTION_SETTLE_JOB,
  QUEUES,
  SCHEDULED_JOBS,
} from '@market/contracts';
import { jobTableProblems, JobTable, type HandledJobs } from './job-table';
import { ProcessorOf, QueueProcessor, type JobHandlers } from './queue-processor';

const done = async () => undefined;

/** Handlers for every job of the job table, one processor a queue. */
function completeTable(): HandledJobs[] {
  return [
    { processor: 'SmsProcessor', queue: QUEUES.sms, jobs: ['sms.requested'] },
    { processor: 'SocialProcessor', queue: QUEUES.social, jobs: ['listing.publish-requested', 'promotion.repost-requested', CHANNEL_PUBLISH_JOB, CHANNEL_COPIES_BACKFILL_JOB] },
    { processor: 'NotifyProcessor', queue: QUEUES.notify, jobs: ['listing.approved', 'listing.rejected', 'listing.posted', 'listing.channel-skipped', 'payment.confirmed', 'conversation.message-sent', 'deal.opened'] },
    { processor: 'DeviceSpecsProcessor', queue: QUEUES.deviceSpecs, jobs: ['device.refresh-requested'] },
    { processor: 'PaymentsProcessor', queue: QUEUES.payments, jobs: [PAYMENT_RECHECK_JOB, PROMOTION_SETTLE_JOB] },
    { processor: 'BuyerAlertsProcessor', queue: QUEUES.buyerAlerts, jobs: ['listing.approved', 'listing.price-lowered'] },
    { processor: 'AbandonedDraftsProcessor', queue: QUEUES.drafts, jobs: [ABANDONED_DRAFTS_JOB] },
    { processor: 'ScheduledJobsProcessor', queue: QUEUES.schedules, jobs: Object.values(SCHEDULED_JOBS) },
    { processor: 'ConversationPushesProcessor', queue: QUEUES.pushes, jobs: ['conversation.message-sent'] },
  ];
}

describe('the job table check', () => {
  it('accepts one processor a queue with a handler for each of its jobs', () => {
    expect(jobTableProblems(completeTable())).toEqual([]);
  });

  it('refuses a job without a handler', () => {
    const table = completeTable();
    table[2].jobs = ['listing.approved', 'listing.rejected', 'listing.channel-skipped', 'payment.confirmed', 'conversation.message-sent', 'deal.opened'];
    expect(jobTableProblems(table)).toEqual(["job 'listing.posted' of queue 'notify' has no handler"]);
  });

  it('refuses a handler for a job nobody adds to its queue', () => {
    const table = completeTable();
    table[0].jobs.push('listing.approved');
    expect(jobTableProblems(table)).toEqual(["SmsProcessor handles 'listing.approved', which nobody adds to queue 'sms'"]);
  });

  it('refuses a queue without a processor, a second processor of a queue, and a processor of no queue', () => {
    const table = completeTable().filter((entry) => entry.queue !== QUEUES.deviceSpecs);
    table.push({ processor: 'SecondSmsProcessor', queue: QUEUES.sms, jobs: ['sms.requested'] });
    table.push({ processor: 'UndeclaredProcessor', queue: undefined, jobs: [] });
    expect(jobTableProblems(table)).toEqual([
      "UndeclaredProcessor processes 'undefined', which is no queue of the job table (declare it with @ProcessorOf)",
      "queue 'sms' has 2 processors: SmsProcessor, SecondSmsProcessor",
      "queue 'device-specs' has no processor",
    ]);
  });
});

describe('the workers start', () => {
  @ProcessorOf(QUEUES.sms)
  class Sms extends QueueProcessor<typeof QUEUES.sms> {
    readonly handlers: JobHandlers<typeof QUEUES.sms> = { 'sms.requested': done };
  }
  @ProcessorOf(QUEUES.social)
  class Social extends QueueProcessor<typeof QUEUES.social> {
    readonly handlers: JobHandlers<typeof QUEUES.social> = {
      'listing.publish-requested': done,
      'promotion.repost-requested': done,
      [CHANNEL_PUBLISH_JOB]: done,
      [CHANNEL_COPIES_BACKFILL_JOB]: done,
    };
  }
  @ProcessorOf(QUEUES.deviceSpecs)
  class DeviceSpecs extends QueueProcessor<typeof QUEUES.deviceSpecs> {
    readonly handlers: JobHandlers<typeof QUEUES.deviceSpecs> = { 'device.refresh-requested': done };
  }
  @ProcessorOf(QUEUES.buyerAlerts)
  class BuyerAlerts extends QueueProcessor<typeof QUEUES.buyerAlerts> {
    readonly handlers: JobHandlers<typeof QUEUES.buyerAlerts> = { 'listing.approved': done, 'listing.price-lowered': done };
  }
  @ProcessorOf(QUEUES.drafts)
  class Drafts extends QueueProcessor<typeof QUEUES.drafts> {
    readonly handlers: JobHandlers<typeof QUEUES.drafts> = { [ABANDONED_DRAFTS_JOB]: done };
  }
  @ProcessorOf(QUEUES.notify)
  class Notify extends QueueProcessor<typeof QUEUES.notify> {
    readonly handlers: JobHandlers<typeof QUEUES.notify> = {
      'listing.approved': done,
      'listing.rejected': done,
      'listing.posted': done,
      'listing.channel-skipped': done,
      'payment.confirmed': done,
      'conversation.message-sent': done,
      'deal.opened': done,
    };
  }
  @ProcessorOf(QUEUES.payments)
  class Payments extends QueueProcessor<typeof QUEUES.payments> {
    readonly handlers: JobHandlers<typeof QUEUES.payments> = { [PAYMENT_RECHECK_JOB]: done, [PROMOTION_SETTLE_JOB]: done };
  }
  @ProcessorOf(QUEUES.schedules)
  class Schedules extends QueueProcessor<typeof QUEUES.schedules> {
    readonly handlers: JobHandlers<typeof QUEUES.schedules> = {
      [SCHEDULED_JOBS.savedSearchDigests]: done,
      [SCHEDULED_JOBS.sellerRatings]: done,
      [SCHEDULED_JOBS.usdRate]: done,
      [SCHEDULED_JOBS.dispatchedEventsPrune]: done,
      [SCHEDULED_JOBS.unusedPhotos]: done,
      [SCHEDULED_JOBS.listingChecks]: done,
      [SCHEDULED_JOBS.staleDeviceSpecs]: done,
    };
  }
  @ProcessorOf(QUEUES.pushes)
  class Pushes extends QueueProcessor<typeof QUEUES.pushes> {
    readonly handlers: JobHandlers<typeof QUEUES.pushes> = { 'conversation.message-sent': done };
  }
  /** What the compiler refuses: a notify processor that forgot a job (a cast, a stale build). */
  @ProcessorOf(QUEUES.notify)
  class ForgetfulNotify extends QueueProcessor<typeof QUEUES.notify> {
    readonly handlers = { 'listing.approved': done, 'listing.rejected': done, 'payment.confirmed': done } as unknown as JobHandlers<typeof QUEUES.notify>;
  }

  async function start(notify: typeof Notify | typeof ForgetfulNotify) {
    const registrar = { register: jest.fn() };
    const workers = await Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [JobTable, Sms, Social, DeviceSpecs, Payments, BuyerAlerts, Drafts, Schedules, Pushes, notify, { provide: BullRegistrar, useValue: registrar }],
    }).compile();
    return { registrar, init: () => workers.init() };
  }

  it('starts the queue workers once every job has its handler', async () => {
    const { registrar, init } = await start(Notify);
    await init();
    expect(registrar.register).toHaveBeenCalledTimes(1);
  });

  it('refuses to start any queue worker when a job has no handler, and names it', async () => {
    const { registrar, init } = await start(ForgetfulNotify);
    await expect(init()).rejects.toThrow("job 'listing.posted' of queue 'notify' has no handler");
    expect(registrar.register).not.toHaveBeenCalled();
  });
});
