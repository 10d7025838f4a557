import type { CardPaymentFailure, CardType, Translated } from '@market/contracts';

const RETRYABLE: ReadonlySet<CardPaymentFailure> = new Set(['paymentGatewayUnavailable', 'paymentGatewayTimeout']);

/** Whether the same payment may be confirmed again after this failure (later). */
export function retryable(reason: CardPaymentFailure): boolean {
  return RETRYABLE.has(reason);
}

export class CardGatewayError extends Error {
  /**
   * `detail` is for the log (a provider's code, a transport error); it never holds card data.
   * `wording` is the provider's own message for the payer, shown instead of the reason's text.
   */
  constructor(
    readonly reason: CardPaymentFailure,
    detail?: string,
    readonly wording?: Translated,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/**
 * Where the provider's receipt of a payment stands: paid (the money is ours), cancelled,
 * unpaid (nothing was charged), or processing (charged or being charged, not settled yet).
 */
export type ReceiptSettlement = 'paid' | 'processing' | 'cancelled' | 'unpaid';

export interface CardPaymentStart {
  transactionId: string;
  /** Whole so'm. */
  amount: number;
  /** The card token the browser got from the provider and verified with the SMS code; the card number never reaches us. */
  cardToken: string;
}

export interface StartedCardPayment {
  /** The provider's handle of this payment (e.g. its receipt id), stored as `provider_ref`. */
  reference: string;
  /** What the provider tells of the card: its last four digits and type, all we keep. */
  card: { last4: string; type: CardType };
}

export interface CardPaymentCompletion {
  transactionId: string;
  reference: string;
  amount: number;
}

/**
 * A Uzcard/Humo card gateway: the browser gives the card to the provider and confirms it with the
 * SMS code; the gateway then creates the payment for the verified card token and takes the money.
 * The abstract class is the injection token; see payments.module.ts
 * for how a driver is chosen.
 */
export abstract class CardGateway {
  /** Stored on each payment: which driver handled it. */
  abstract readonly provider: string;
  /** True when no real money moves; the UI and the log say so. */
  abstract readonly sandbox: boolean;

  abstract start(payment: CardPaymentStart): Promise<StartedCardPayment>;

  /**
   * Takes the money: 'paid' once the receipt is paid, 'processing' when
   * the provider took the payment but has not settled it yet (re-checked later with settlement()).
   * Calling it again for a payment whose money was already taken never takes it twice.
   */
  abstract pay(payment: CardPaymentCompletion): Promise<'paid' | 'processing'>;

  /** Where the payment stands at the provider, for a payment whose outcome was lost (timeout, crash) or is not settled yet. */
  abstract settlement(payment: Pick<CardPaymentCompletion, 'transactionId' | 'reference'>): Promise<ReceiptSettlement>;

  /** Cancels an unpaid payment at the provider, so that no late attempt can still take the money; answers where it stands after. */
  abstract cancel(payment: Pick<CardPaymentCompletion, 'transactionId' | 'reference'>): Promise<ReceiptSettlement>;
}
