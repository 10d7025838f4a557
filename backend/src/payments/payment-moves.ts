import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PAYMENT_MOVES, type CardPaymentFailure, type PaymentMove, type PaymentOrigin, type PaymentStatus } from '@market/contracts';
import { AppConfig } from '../config/app-config';

/**
 * The one place that moves a payment: applies a move of the contracts' PAYMENT_MOVES as one guarded
 * UPDATE, which changes the payment only from a status the move lists (a claim of a payment still
 * 'confirming' only once its holder's lease lapsed) and sets what goes with the move: the claim's
 * time, the failure's reason, when it was confirmed. A move that no longer applies (another request,
 * the re-check or a takeover moved the payment first) changes nothing and says so.
 */
@Injectable()
export class PaymentMoves {
  /** The longest a claimed payment may take at the gateway (check, verify, pay); after it the claim is taken over. */
  readonly claimLeaseMs: number;

  constructor(config: AppConfig) {
    this.claimLeaseMs = config.PAYME_TIMEOUT_MS * 3 + 5_000;
  }

  /** Whether the payment moved. `checked`: a claim by the re-check, which notes when it last asked Payme. */
  move(manager: EntityManager, id: string, move: 'refuse' | 'expire', details: { failureReason: CardPaymentFailure }): Promise<boolean>;
  move(manager: EntityManager, id: string, move: 'claim' | 'release' | 'settle' | 'pay', details?: { checked?: boolean }): Promise<boolean>;
  async move(
    manager: EntityManager,
    id: string,
    move: Exclude<PaymentMove, 'start'>,
    details: { failureReason?: CardPaymentFailure; checked?: boolean } = {},
  ): Promise<boolean> {
    const moves = Object.entries(PAYMENT_MOVES[move].moves) as [PaymentOrigin, PaymentStatus][];
    const values: unknown[] = [id, moves.map(([from]) => from)];
    const value = (given: unknown) => `$${values.push(given)}`;
    const columns = [
      `status = CASE status ${moves.map(([from, to]) => `WHEN ${value(from)} THEN ${value(to)}`).join(' ')} END`,
      `claimed_at = ${move === 'claim' ? 'now()' : 'NULL'}`,
    ];
    if (details.checked) columns.push('checked_at = now()');
    if (move === 'pay') columns.push('confirmed_at = now()', 'failure_reason = NULL');
    if (details.failureReason) columns.push(`failure_reason = ${value(details.failureReason)}`);
    const claimLapsed =
      move === 'claim' ? ` AND (status <> 'confirming' OR claimed_at < now() - make_interval(secs => ${value(this.claimLeaseMs / 1000)}))` : '';
    const [moved]: [unknown[], number] = await manager.query(
      `UPDATE payment_transaction SET ${columns.join(', ')} WHERE id = $1 AND status = ANY($2)${claimLapsed} RETURNING id`,
      values,
    );
    return moved.length > 0;
  }
}
