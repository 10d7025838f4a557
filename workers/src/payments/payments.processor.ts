import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { PaymentSettlement, type RecheckOutcome } from '@market/backend';
import { PAYMENT_RECHECK_EVERY_MS, PAYMENT_RECHECK_JOB, QUEUES } from '@market/contracts';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';

/**
 * Runs the payments queue's scheduled re-check of card payments that reached Payme and are not
 * final: one worker at a time, and each payment is claimed under its row lock, so a run that
 * overlaps a user's confirmation (or a retried run) never credits a payment twice. Each run's
 * result, in the queue dashboard, lists the payments still unresolved after an hour.
 */
@ProcessorOf(QUEUES.payments)
export class PaymentsProcessor extends QueueProcessor<typeof QUEUES.payments> {
  readonly handlers: JobHandlers<typeof QUEUES.payments> = { [PAYMENT_RECHECK_JOB]: () => this.recheck() };

  constructor(private readonly settlement: PaymentSettlement) {
    super();
  }

  private async recheck(): Promise<RecheckOutcome> {
    const outcome = await this.settlement.recheckUnresolved();
    const { unresolvedAfterAnHour, ...counts } = outcome;
    if (counts.paid || counts.cancelled || counts.expired) this.logger.log(`Card payments re-checked: ${JSON.stringify(counts)}`);
    if (unresolvedAfterAnHour.length) {
      this.logger.warn(`Card payments still unresolved after an hour (GET /api/admin/payments/unresolved): ${unresolvedAfterAnHour.join(', ')}`);
    }
    return outcome;
  }
}

/** Schedules the re-check (one scheduler per deployment, whichever worker process starts it). */
@Injectable()
export class PaymentRecheckSchedule implements OnApplicationBootstrap {
  constructor(@InjectQueue(QUEUES.payments) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      PAYMENT_RECHECK_JOB,
      { every: PAYMENT_RECHECK_EVERY_MS },
      { name: PAYMENT_RECHECK_JOB, opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
  }
}
