import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { CARD_PAYMENT_TTL_SECONDS, FINAL_PAYMENT_STATUSES } from '@market/contracts';
import { BalanceService } from '../balance/balance.service';
import { OutboxService } from '../events/outbox.service';
import { PaymentMoves } from './payment-moves';
import { PaymentTransaction } from './payment-transaction.entity';
import { CardGateway, type CardPaymentCompletion, type ReceiptSettlement } from './providers/card-gateway';

/** Payments looked at per run of the re-check; the next run takes the rest. */
const RECHECK_BATCH = 50;
/** After this long a payment that is still not final is shown to admins. */
const UNRESOLVED_FOR_ADMINS_AFTER = '1 hour';

/**
 * Payments that reached Payme with a receipt and are not final: waiting for a code, settling, or
 * claimed by a confirmation whose lease lapsed (the API stopped mid-call). `:lease` in seconds.
 */
const NOT_FINAL = `(payment.status IN ('pending', 'settling')
  OR payment.status = 'confirming' AND payment.claimed_at < now() - make_interval(secs => :lease))`;

/**
 * Back-off: a payment is checked again after a tenth of its age, in whole minutes and at most an
 * hour (every run for its first ten minutes, every six minutes at one hour old, hourly after ten hours).
 */
const DUE_FOR_A_RECHECK = `(payment.checked_at IS NULL OR payment.checked_at <= now()
  - make_interval(mins => least(floor(extract(epoch FROM now() - payment.created_at) / 600), 60)::int))`;

export interface RecheckOutcome {
  paid: number;
  cancelled: number;
  /** Unpaid past their lifetime: cancelled at Payme and failed. */
  expired: number;
  unresolved: number;
  /** Payments still not final an hour after they started, for the admins (the run shows in the queue dashboard). */
  unresolvedAfterAnHour: string[];
}

/**
 * The end of a card top-up: crediting a paid payment (once), and the workers' re-check of every
 * payment that reached Payme and is not final, until it is paid or failed (a charge whose answer
 * was lost is credited with no action by the user). Used by the API's confirmations and by the
 * workers' scheduled re-check; the row lock and the ledger's unique (kind, reference) keep a
 * confirmation and a re-check from crediting one payment twice.
 */
@Injectable()
export class PaymentSettlement {
  private readonly logger = new Logger(PaymentSettlement.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gateway: CardGateway,
    private readonly balance: BalanceService,
    private readonly outbox: OutboxService,
    private readonly moves: PaymentMoves,
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
      await this.moves.move(transaction, payment.id, 'pay');
      await this.balance.credit(transaction, { userId: payment.userId, amount: payment.amount, kind: 'topUp', reference: payment.id });
      await this.outbox.record(transaction, 'payment.confirmed', {
        userId: payment.userId,
        transactionId: payment.id,
        amount: payment.amount,
      });
      return true;
    });
    if (credited) this.logger.log(`Card payment ${payment.id} confirmed: ${payment.amount} so'm credited to user ${payment.userId}`);
  }

  /**
   * Before a payment is failed, makes sure nobody can pay its receipt any more: an unpaid receipt is cancelled at
   * the gateway, so a receipts.pay still on its way (an earlier confirmation's, whose answer was lost) is refused.
   * Answers where the receipt stands then: cancelled; paid or processing when such a pay landed first; null when
   * the gateway could not tell (the re-check asks again). `known`: its settlement, just asked.
   */
  async endReceipt(reference: Pick<CardPaymentCompletion, 'transactionId' | 'reference'>, known?: ReceiptSettlement): Promise<ReceiptSettlement | null> {
    try {
      const before = known ?? (await this.gateway.settlement(reference));
      return before === 'unpaid' ? await this.gateway.cancel(reference) : before;
    } catch (error) {
      this.logger.warn(`Card payment ${reference.transactionId}: its receipt could not be cancelled: ${(error as Error).message}`);
      return null;
    }
  }

  /** Asks the gateway about every payment due for a re-check: credits the paid ones, fails the cancelled and expired ones. */
  async recheckUnresolved(): Promise<RecheckOutcome> {
    const due = await this.notFinal()
      .select('payment.id', 'id')
      .andWhere(DUE_FOR_A_RECHECK)
      .orderBy('payment.created_at', 'ASC')
      .limit(RECHECK_BATCH)
      .getRawMany<{ id: string }>();
    const outcome: RecheckOutcome = { paid: 0, cancelled: 0, expired: 0, unresolved: 0, unresolvedAfterAnHour: [] };
    for (const { id } of due) {
      const claim = await this.dataSource.transaction((transaction) => this.claimForRecheck(transaction, id));
      // A confirmation of the same payment is looking at it right now.
      if (!claim) continue;
      outcome[await this.recheck(claim.payment, claim.expired)] += 1;
    }
    outcome.unresolvedAfterAnHour = (await this.unresolvedAfterAnHour()).map((payment) => payment.id);
    return outcome;
  }

  /** Payments still not final an hour after they started, oldest first: what admins look into. */
  unresolvedAfterAnHour(): Promise<PaymentTransaction[]> {
    return this.notFinal()
      .andWhere(`payment.created_at < now() - interval '${UNRESOLVED_FOR_ADMINS_AFTER}'`)
      .orderBy('payment.created_at', 'ASC')
      .limit(RECHECK_BATCH)
      .getMany();
  }

  /** How many payments, through either gateway, are still not final an hour after they started: the operations gauge. */
  async countUnresolvedAfterAnHour(): Promise<number> {
    const [{ count }] = await this.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM payment_transaction
       WHERE status <> ALL($1) AND created_at < now() - interval '${UNRESOLVED_FOR_ADMINS_AFTER}'`,
      [FINAL_PAYMENT_STATUSES],
    );
    return count;
  }

  private notFinal(manager: EntityManager = this.dataSource.manager) {
    return manager
      .createQueryBuilder(PaymentTransaction, 'payment')
      .where(NOT_FINAL, { lease: this.moves.claimLeaseMs / 1000 })
      .andWhere('payment.provider = :provider', { provider: this.gateway.provider });
  }

  private async claimForRecheck(transaction: EntityManager, id: string): Promise<{ payment: PaymentTransaction; expired: boolean } | null> {
    const {
      entities: [payment],
      raw: [timing],
    } = await this.notFinal(transaction)
      .addSelect('payment.created_at < now() - make_interval(secs => :ttl)', 'expired')
      .andWhere('payment.id = :id', { id, ttl: CARD_PAYMENT_TTL_SECONDS })
      .setLock('pessimistic_write')
      .getRawAndEntities<{ expired: boolean }>();
    if (!payment) return null;
    await this.moves.move(transaction, id, 'claim', { checked: true });
    return { payment, expired: timing.expired };
  }

  /** `payment` as it was before this re-check claimed it. */
  private async recheck(payment: PaymentTransaction, expired: boolean): Promise<Exclude<keyof RecheckOutcome, 'unresolvedAfterAnHour'>> {
    const manager = this.dataSource.manager;
    // A confirmation that stopped mid-call goes back to waiting for a code: paying it again first asks where it stands.
    let release: 'release' | 'settle' = payment.status === 'settling' ? 'settle' : 'release';
    try {
      const reference = { transactionId: payment.id, reference: payment.providerRef! };
      const settlement = await this.gateway.settlement(reference);
      if (settlement === 'paid') {
        await this.recordPaid(payment);
        return 'paid';
      }
      if (settlement === 'cancelled') {
        await this.moves.move(manager, payment.id, 'refuse', { failureReason: 'paymentCancelled' });
        this.logger.warn(`Card payment ${payment.id}: Payme cancelled its receipt; nothing credited`);
        return 'cancelled';
      }
      if (settlement === 'processing') release = 'settle';
      // Past its lifetime nobody may pay it any more.
      else if (expired && payment.status !== 'settling') {
        const ended = await this.endReceipt(reference, settlement);
        if (ended === 'cancelled') {
          await this.moves.move(manager, payment.id, 'expire', { failureReason: 'paymentExpired' });
          this.logger.log(`Card payment ${payment.id} expired unpaid; its receipt is cancelled`);
          return 'expired';
        }
        if (ended === 'paid' || ended === 'processing') release = 'settle';
      }
    } catch (error) {
      this.logger.warn(`Card payment ${payment.id} could not be re-checked: ${(error as Error).message}`);
    }
    await this.moves.move(manager, payment.id, release);
    return 'unresolved';
  }
}
