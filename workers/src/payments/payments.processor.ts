import { PaymentSettlement, PromotionSettlement, type RecheckOutcome, type SettlementOutcome } from '@market/backend';
import { PAYMENT_RECHECK_JOB, PROMOTION_SETTLE_JOB, QUEUES } from '@market/contracts';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';

/**
 * Runs the payments queue's scheduled re-check of card payments that reached Payme and are not
 * final: one worker at a time, and each payment is claimed under its row lock, so a run that
 * overlaps a user's confirmation (or a retried run) never credits a payment twice. Each run's
 * result, in the queue dashboard, lists the payments still unresolved after an hour.
 */
@ProcessorOf(QUEUES.payments)
export class PaymentsProcessor extends QueueProcessor<typeof QUEUES.payments> {
  readonly handlers: JobHandlers<typeof QUEUES.payments> = {
    [PAYMENT_RECHECK_JOB]: () => this.recheck(),
    [PROMOTION_SETTLE_JOB]: () => this.settlePromotions(),
  };

  constructor(
    private readonly settlement: PaymentSettlement,
    private readonly promotions: PromotionSettlement,
  ) {
    super();
  }

  /** Ends TOPs that ran their days and refunds promotions that could not run (issue 39); a second run refunds nothing twice. */
  private async settlePromotions(): Promise<SettlementOutcome> {
    const outcome = await this.promotions.settle();
    if (outcome.refunded) this.logger.log(`Promotions refunded as their listing left sale: ${outcome.refunded}`);
    if (outcome.unposted) this.logger.warn(`Channel reposts no channel posted within a day, refunded: ${outcome.unposted}`);
    return outcome;
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
