import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { BalanceService } from '../balance/balance.service';
import { OutboxService } from '../events/outbox.service';
import { PaymentTransaction } from './payment-transaction.entity';
import { CardGateway } from './providers/card-gateway';

/** Payments looked at per run of the re-check; the next run takes the rest. */
const RECHECK_BATCH = 50;

export interface RecheckOutcome {
  paid: number;
  cancelled: number;
  stillProcessing: number;
}

/**
 * The end of a card top-up: crediting a paid payment (once), and re-checking the payments whose
 * receipt Payme took but had not settled ('settling') until it is paid or cancelled. Used by the
 * API's confirmations and by the workers' scheduled re-check; the row lock and the ledger's unique
 * (kind, reference) keep a confirmation and a re-check from crediting one payment twice.
 */
@Injectable()
export class PaymentSettlement {
  private readonly logger = new Logger(PaymentSettlement.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gateway: CardGateway,
    private readonly balance: BalanceService,
    private readonly outbox: OutboxService,
  ) {}

  /** Credits a payment whose money was taken; a payment credited already is left as it is. */
  async recordPaid(payment: PaymentTransaction): Promise<void> {
    const credited = await this.dataSource.transaction(async (transaction) => {
      const current = await transaction.findOne(PaymentTransaction, {
        where: { id: payment.id },
        lock: { mode: 'pessimistic_write' },
      });
      // A confirmation that took over a lapsed claim, or a re-check, may have recorded it already.
      if (current?.status === 'confirmed') return false;
      // The money was taken, so it is credited whatever a concurrent takeover concluded meanwhile.
      await transaction.update(PaymentTransaction, payment.id, {
        status: 'confirmed',
        confirmedAt: () => 'now()',
        claimedAt: null,
        failureReason: null,
      });
      await this.balance.credit(transaction, payment.userId, payment.amount, 'topUp', payment.id);
      await this.outbox.record(transaction, 'payment.confirmed', {
        userId: payment.userId,
        transactionId: payment.id,
        amount: payment.amount,
      });
      return true;
    });
    if (credited) this.logger.log(`Card payment ${payment.id} confirmed: ${payment.amount} so'm credited to user ${payment.userId}`);
  }

  /** Asks the gateway about every settling payment: credits the paid ones, fails the cancelled ones. */
  async recheckSettling(): Promise<RecheckOutcome> {
    const outcome: RecheckOutcome = { paid: 0, cancelled: 0, stillProcessing: 0 };
    const settling = await this.dataSource.getRepository(PaymentTransaction).find({
      select: { id: true },
      where: { status: 'settling' },
      order: { createdAt: 'ASC' },
      take: RECHECK_BATCH,
    });
    for (const { id } of settling) {
      const payment = await this.dataSource.transaction((transaction) => this.claimSettling(transaction, id));
      // A confirmation of the same payment is looking at it right now.
      if (!payment) continue;
      const result = await this.recheck(payment);
      outcome[result] += 1;
    }
    return outcome;
  }

  private async claimSettling(transaction: EntityManager, id: string): Promise<PaymentTransaction | null> {
    const payment = await transaction.findOne(PaymentTransaction, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (payment?.status !== 'settling') return null;
    await transaction.update(PaymentTransaction, id, { status: 'confirming', claimedAt: () => 'now()' });
    return payment;
  }

  private async recheck(payment: PaymentTransaction): Promise<keyof RecheckOutcome> {
    const claimed = { id: payment.id, status: 'confirming' as const };
    try {
      const settlement = await this.gateway.settlement({ transactionId: payment.id, reference: payment.providerRef! });
      if (settlement === 'paid') {
        await this.recordPaid(payment);
        return 'paid';
      }
      if (settlement === 'cancelled') {
        await this.dataSource
          .getRepository(PaymentTransaction)
          .update(claimed, { status: 'failed', failureReason: 'paymentCancelled', claimedAt: null });
        this.logger.warn(`Card payment ${payment.id}: Payme cancelled its receipt; nothing credited`);
        return 'cancelled';
      }
    } catch (error) {
      this.logger.warn(`Card payment ${payment.id} could not be re-checked: ${(error as Error).message}`);
    }
    await this.dataSource.getRepository(PaymentTransaction).update(claimed, { status: 'settling', claimedAt: null });
    return 'stillProcessing';
  }
}
