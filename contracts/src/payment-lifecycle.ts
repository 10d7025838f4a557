/*
 * How a card payment moves, from which status to which, and who or what moves it: the one table
 * the backend moves a payment by (its PaymentMoves applies a move as one guarded UPDATE, changing
 * the payment only from a status the move lists). Beside the listing lifecycle, and like it
 * builds no schema.
 */

/**
 * pending: its receipt created at Payme, waiting for the payer's confirmation; confirming: one
 * confirmation or the workers' re-check is at Payme with it right now (it holds the claim, so no
 * one else calls Payme for it); settling: Payme took the payment but has not paid its receipt yet;
 * confirmed (the balance credited) and failed are final.
 */
export const PAYMENT_STATUSES = ['pending', 'confirming', 'settling', 'confirmed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Where the payer and the re-check stop: nothing moves a payment out of these but money Payme took after all ('pay'). */
export const FINAL_PAYMENT_STATUSES = ['confirmed', 'failed'] as const satisfies readonly PaymentStatus[];

/** Before it is stored a payment is 'new'. */
export type PaymentOrigin = PaymentStatus | 'new';

/**
 * Who or what moves a payment: the payer (their browser's requests), Payme's answer to a call of
 * ours, the workers' re-check (every few minutes, of every payment not final), or the clock (a
 * payment unpaid CARD_PAYMENT_TTL_SECONDS after it started).
 */
export type PaymentMover = 'payer' | 'payme' | 'recheck' | 'expiry';

interface PaymentRule {
  by: readonly PaymentMover[];
  /** Each status the move applies to, with the status it leaves the payment in. */
  moves: Partial<Record<PaymentOrigin, PaymentStatus>>;
}

export const PAYMENT_MOVES = {
  /** The card the browser verified at Payme, its receipt created: it waits for the confirmation. */
  start: { by: ['payer'], moves: { new: 'pending' } },
  /**
   * A confirmation, or the re-check, takes the payment for its call to Payme. A claim still held is
   * never taken; one held longer than its lease (the API stopped mid-call) is taken over.
   */
  claim: { by: ['payer', 'recheck'], moves: { pending: 'confirming', settling: 'confirming', confirming: 'confirming' } },
  /** The call ended with no outcome (Payme unreachable or busy, the receipt not paid yet): it may be confirmed again. */
  release: { by: ['payer', 'recheck'], moves: { confirming: 'pending' } },
  /** Payme took the payment but has not paid its receipt yet, or still had not when asked again: the re-check asks later. */
  settle: { by: ['payme'], moves: { confirming: 'settling' } },
  /**
   * Payme paid the receipt: the balance is credited, once. The money was taken, so whatever a claim
   * taken over meanwhile concluded.
   */
  pay: { by: ['payme'], moves: { confirming: 'confirmed', pending: 'confirmed', settling: 'confirmed', failed: 'confirmed' } },
  /** Payme refused the card or the payment for good, or cancelled its receipt. */
  refuse: { by: ['payme'], moves: { confirming: 'failed' } },
  /** Unpaid past its lifetime: nobody may pay it any more (the re-check cancels its receipt first). */
  expire: { by: ['expiry'], moves: { confirming: 'failed' } },
} as const satisfies Record<string, PaymentRule>;

export type PaymentMove = keyof typeof PAYMENT_MOVES;

/** Where `move` takes a payment that is `from`, or undefined when the move does not apply to it. */
export function paymentStatusAfter(move: PaymentMove, from: PaymentOrigin): PaymentStatus | undefined {
  const moves: Partial<Record<PaymentOrigin, PaymentStatus>> = PAYMENT_MOVES[move].moves;
  return moves[from];
}
