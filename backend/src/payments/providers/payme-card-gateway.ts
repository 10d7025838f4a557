import type Redis from 'ioredis';
import { z } from 'zod';
import { CARD_PAYMENT_TTL_SECONDS, cardTypeOf, type CardPaymentFailure, type Translated } from '@market/contracts';
import { CardGateway, CardGatewayError, type CardPaymentCompletion, type CardPaymentStart, type ReceiptSettlement, type StartedCardPayment } from './card-gateway';

export interface PaymeSettings {
  /** The JSON-RPC endpoint, e.g. https://checkout.paycom.uz/api (test: https://checkout.test.paycom.uz/api). */
  baseUrl: string;
  merchantId: string;
  key: string;
  /** Per call; an unanswered call is reported as `paymentGatewayTimeout`. */
  timeoutMs: number;
  /** The account field configured on the cashbox (e.g. 'order_id'); it carries the payment's id. */
  accountField: string;
  /** The fiscal receipt's one item: the ИКПУ, its package code and the VAT percent. */
  fiscal: { code: string; packageCode: string; vatPercent: number };
}

/**
 * The Subscribe API's documented error codes whose meaning the payer reads in our words: a card
 * refused by cards.check (as the dialog reads them from cards.*) and insufficient funds. Any other
 * code the payer reads in Payme's own words: -31630 among them, which Payme's table gives for
 * several refusals of the card (not only insufficient funds).
 */
const PAYME_FAILURES: Readonly<Record<number, CardPaymentFailure>> = {
  [-31300]: 'cardInvalid',
  [-31301]: 'paymentSmsNotConnected',
  [-31303]: 'paymentInsufficientFunds',
};

/** Codes Payme's table says to retry (-31002: the processing centre is unavailable; -31110): the payment stays open. */
const PAYME_RETRY_LATER: ReadonlySet<number> = new Set([-31002, -31110]);

/** JSON-RPC's own codes (-32xxx: bad request, access denied, transport): our fault or Payme's, never the payer's. */
const PROTOCOL_ERRORS = { from: -32768, to: -32000 };

/** Payme's receipt states (receipts.check): 4 paid, 50 cancelled, 0 created and unpaid; the others are on their way. */
const RECEIPT_STATES: Readonly<Record<number, ReceiptSettlement>> = { 0: 'unpaid', 4: 'paid', 50: 'cancelled' };

function settlementOf(state: number): ReceiptSettlement {
  return RECEIPT_STATES[state] ?? 'processing';
}

/** The service a top-up receipt sells: what the fiscal receipt's item is called. */
const RECEIPT_TITLE = "Telefon bozor: balansni to'ldirish";

/** cards.check: the card as Payme knows it, its number masked ('860006******6311'), verified by its SMS code or not. */
const checkedCardResult = z.object({ card: z.object({ number: z.string().regex(/^\d{4}.*\d{4}$/), verify: z.boolean() }) });
const receiptResult = z.object({ receipt: z.object({ _id: z.string().min(1), state: z.number() }) });
const receiptStateResult = z.object({ state: z.number() });

const translatedSchema = z.object({ uz: z.string().min(1), ru: z.string().min(1), en: z.string().min(1) });
const answerSchema = z.object({
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.unknown().optional() }).nullish(),
});

interface CardSession {
  token: string;
}

/**
 * Payme's card token is a secret that pays with the card: it lives in Redis for the payment's
 * lifetime only and never reaches the database or the log.
 */
export class PaymeCardSessions {
  /** `namespace` is the deployment's prefix in a shared Redis (QUEUE_PREFIX). */
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {}

  private key(transactionId: string): string {
    return `${this.namespace}:payme-card:${transactionId}`;
  }

  async save(transactionId: string, session: CardSession): Promise<void> {
    await this.guard(this.redis.set(this.key(transactionId), JSON.stringify(session), 'EX', CARD_PAYMENT_TTL_SECONDS + 60));
  }

  async load(transactionId: string): Promise<CardSession | null> {
    const stored = await this.guard(this.redis.get(this.key(transactionId)));
    return stored ? (JSON.parse(stored) as CardSession) : null;
  }

  private async guard<T>(command: Promise<T>): Promise<T> {
    try {
      return await command;
    } catch (error) {
      throw new CardGatewayError('paymentGatewayUnavailable', `card session store: ${(error as Error).message}`);
    }
  }
}

/**
 * Payme's Subscribe API (JSON-RPC 2.0 over POST), its server side: the browser registers the card
 * and confirms it with the SMS code (cards.create, cards.get_verify_code, cards.verify); the server
 * checks the token it is given (cards.check) and creates the receipt when the payment starts, and
 * pays it (receipts.pay) when it is confirmed. A receipt can be paid once only, so a retried
 * confirmation never takes the money twice.
 */
export class PaymeCardGateway extends CardGateway {
  readonly provider = 'payme';
  readonly sandbox = false;
  private requestId = 0;

  constructor(
    private readonly settings: PaymeSettings,
    private readonly sessions: PaymeCardSessions,
  ) {
    super();
  }

  async start(payment: CardPaymentStart): Promise<StartedCardPayment> {
    const { card } = await this.call('cards.check', { token: payment.cardToken }, checkedCardResult);
    if (!card.verify) throw new CardGatewayError('cardInvalid', 'cards.check: the card was not confirmed by its SMS code');
    const type = cardTypeOf(card.number);
    if (!type) throw new CardGatewayError('cardInvalid', 'cards.check: not an Uzcard or Humo card');
    const tiyin = payment.amount * 100;
    const { fiscal } = this.settings;
    const { receipt } = await this.call(
      'receipts.create',
      {
        amount: tiyin,
        account: { [this.settings.accountField]: payment.transactionId },
        description: RECEIPT_TITLE,
        detail: {
          receipt_type: 0,
          items: [
            {
              title: RECEIPT_TITLE,
              price: tiyin,
              count: 1,
              code: fiscal.code,
              package_code: fiscal.packageCode,
              vat_percent: fiscal.vatPercent,
            },
          ],
        },
      },
      receiptResult,
    );
    await this.sessions.save(payment.transactionId, { token: payment.cardToken });
    return { reference: receipt._id, card: { last4: card.number.slice(-4), type } };
  }

  async pay(payment: CardPaymentCompletion): Promise<'paid' | 'processing'> {
    // An earlier attempt whose answer was lost may have paid the receipt already: it is never paid twice.
    const before = await this.settlement(payment);
    if (before === 'paid' || before === 'processing') return before;
    if (before === 'cancelled') throw new CardGatewayError('paymentCancelled', 'the receipt was cancelled');
    const card = await this.sessions.load(payment.transactionId);
    if (!card) throw new CardGatewayError('paymentExpired', 'card session is gone');
    const { receipt } = await this.call('receipts.pay', { id: payment.reference, token: card.token }, receiptResult);
    // Only state 4 is money received; a receipt still on its way is re-checked until it is paid or cancelled.
    const after = settlementOf(receipt.state);
    if (after === 'cancelled') throw new CardGatewayError('paymentCancelled', 'receipts.pay answered a cancelled receipt');
    return after === 'paid' ? 'paid' : 'processing';
  }

  async settlement(payment: Pick<CardPaymentCompletion, 'transactionId' | 'reference'>): Promise<ReceiptSettlement> {
    const { state } = await this.call('receipts.check', { id: payment.reference }, receiptStateResult);
    return settlementOf(state);
  }

  /** receipts.cancel: a receipt never paid is cancelled (state 50), so a receipts.pay still on its way is refused. */
  async cancel(payment: Pick<CardPaymentCompletion, 'transactionId' | 'reference'>): Promise<ReceiptSettlement> {
    const { receipt } = await this.call('receipts.cancel', { id: payment.reference }, receiptResult);
    return settlementOf(receipt.state);
  }

  /** Payme's protocol page: the back end authenticates with id:key (the browser's card methods with the id alone). */
  private get auth(): string {
    return `${this.settings.merchantId}:${this.settings.key}`;
  }

  private async call<T>(method: string, params: Record<string, unknown>, resultSchema: z.ZodType<T>): Promise<T> {
    let body: unknown;
    try {
      const response = await fetch(this.settings.baseUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Auth': this.auth },
        body: JSON.stringify({ id: ++this.requestId, method, params }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      if (!response.ok) throw new CardGatewayError('paymentGatewayUnavailable', `${method} answered HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof CardGatewayError) throw error;
      throw transportFailure(method, error);
    }
    // Only codes are logged: a provider's message or data could echo what was sent.
    const answer = answerSchema.safeParse(body);
    if (!answer.success) throw new CardGatewayError('paymentGatewayUnavailable', `${method} answered malformed JSON-RPC`);
    if (answer.data.error) throw paymeFailure(method, answer.data.error.code, answer.data.error.message);
    const result = resultSchema.safeParse(answer.data.result);
    if (!result.success) throw new CardGatewayError('paymentGatewayUnavailable', `${method} answered an unexpected result`);
    return result.data;
  }
}

/** A Payme error as the payer reads it: our words for the documented codes, Payme's own for the others (retryable ones too). */
function paymeFailure(method: string, code: number, message: unknown): CardGatewayError {
  const detail = `${method} answered Payme error ${code}`;
  const known = PAYME_FAILURES[code];
  if (known) return new CardGatewayError(known, detail);
  const wording = translatedSchema.safeParse(message);
  if (PAYME_RETRY_LATER.has(code)) return new CardGatewayError('paymentGatewayUnavailable', detail, wording.data);
  if (code >= PROTOCOL_ERRORS.from && code <= PROTOCOL_ERRORS.to || !wording.success) {
    return new CardGatewayError('paymentGatewayUnavailable', detail);
  }
  return new CardGatewayError('paymentRefused', detail, wording.data satisfies Translated);
}

function transportFailure(method: string, error: unknown): CardGatewayError {
  const { name, cause } = error as { name?: string; cause?: { code?: string } };
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new CardGatewayError('paymentGatewayTimeout', `${method} got no answer in time`);
  }
  return new CardGatewayError('paymentGatewayUnavailable', `${method} failed: ${cause?.code ?? name ?? 'unknown error'}`);
}
