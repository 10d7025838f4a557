import type Redis from 'ioredis';
import { z } from 'zod';
import { CARD_PAYMENT_TTL_SECONDS } from '@market/contracts';
import {
  CardGateway,
  CardGatewayError,
  type CardGatewayFailure,
  type CardPaymentCompletion,
  type CardPaymentStart,
  type StartedCardPayment,
} from './card-gateway';

export interface PaymeSettings {
  /** The JSON-RPC endpoint, e.g. https://checkout.paycom.uz/api (test: https://checkout.test.paycom.uz/api). */
  baseUrl: string;
  merchantId: string;
  key: string;
  /** Per call; an unanswered call is reported as `paymentGatewayTimeout`. */
  timeoutMs: number;
}

/** Payme's Subscribe API error codes that mean something to the payer; any other code is an outage. */
const PAYME_FAILURES: Readonly<Record<number, CardGatewayFailure>> = {
  [-31101]: 'paymentCodeExpired',
  [-31102]: 'paymentTooManyAttempts',
  [-31103]: 'paymentWrongCode',
  [-31300]: 'cardInvalid',
  [-31301]: 'paymentCardBlocked',
  [-31303]: 'paymentInsufficientFunds',
  [-31630]: 'paymentInsufficientFunds',
  [-31400]: 'paymentExpired',
  [-31401]: 'paymentExpired',
  [-31403]: 'paymentExpired',
};

/** receipts.check's state of a paid receipt. */
const RECEIPT_PAID = 4;

const cardResult = z.object({ card: z.object({ token: z.string().min(1) }) });
const verifyCodeResult = z.object({ sent: z.boolean(), phone: z.string() });
const receiptResult = z.object({ receipt: z.object({ _id: z.string().min(1) }) });
const receiptStateResult = z.object({ state: z.number() });

const answerSchema = z.object({
  result: z.unknown().optional(),
  error: z.object({ code: z.number() }).nullish(),
});

interface CardSession {
  token: string;
  /** Set once cards.verify accepted the code, so a retried payment does not verify twice. */
  verified: boolean;
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
 * Payme's Subscribe API (JSON-RPC 2.0 over POST): cards.create → cards.get_verify_code →
 * receipts.create when the payment starts; cards.verify → receipts.pay when it is confirmed.
 * A receipt can be paid once only, so a retried confirmation never takes the money twice.
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
    // The API takes the expiry year first; Payme wants it month first.
    const expire = payment.expireDate.slice(2) + payment.expireDate.slice(0, 2);
    const { card } = await this.call('cards.create', { card: { number: payment.cardNumber, expire }, save: false }, cardResult);
    const code = await this.call('cards.get_verify_code', { token: card.token }, verifyCodeResult);
    if (!code.sent) throw new CardGatewayError('paymentGatewayUnavailable', 'cards.get_verify_code sent no SMS');
    const { receipt } = await this.call(
      'receipts.create',
      { amount: payment.amount * 100, account: { order_id: payment.transactionId }, description: "Balansni to'ldirish" },
      receiptResult,
    );
    await this.sessions.save(payment.transactionId, { token: card.token, verified: false });
    return { reference: receipt._id, otpSentPhone: code.phone };
  }

  async pay(payment: CardPaymentCompletion): Promise<void> {
    if (await this.paid(payment)) return;
    const card = await this.sessions.load(payment.transactionId);
    if (!card) throw new CardGatewayError('paymentExpired', 'card session is gone');
    if (!card.verified) {
      await this.call('cards.verify', { token: card.token, code: payment.otp }, cardResult);
      await this.sessions.save(payment.transactionId, { ...card, verified: true });
    }
    await this.call('receipts.pay', { id: payment.reference, token: card.token }, receiptResult);
  }

  async paid(payment: Pick<CardPaymentCompletion, 'transactionId' | 'reference'>): Promise<boolean> {
    const { state } = await this.call('receipts.check', { id: payment.reference }, receiptStateResult);
    return state === RECEIPT_PAID;
  }

  private async call<T>(method: string, params: Record<string, unknown>, resultSchema: z.ZodType<T>): Promise<T> {
    let body: unknown;
    try {
      const response = await fetch(this.settings.baseUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Auth': `${this.settings.merchantId}:${this.settings.key}` },
        body: JSON.stringify({ id: ++this.requestId, method, params }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      if (!response.ok) throw new CardGatewayError('paymentGatewayUnavailable', `${method} answered HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof CardGatewayError) throw error;
      throw transportFailure(method, error);
    }
    // Only codes are reported: a provider's message or data could echo what was sent.
    const answer = answerSchema.safeParse(body);
    if (!answer.success) throw new CardGatewayError('paymentGatewayUnavailable', `${method} answered malformed JSON-RPC`);
    if (answer.data.error) {
      const { code } = answer.data.error;
      throw new CardGatewayError(PAYME_FAILURES[code] ?? 'paymentGatewayUnavailable', `${method} answered Payme error ${code}`);
    }
    const result = resultSchema.safeParse(answer.data.result);
    if (!result.success) throw new CardGatewayError('paymentGatewayUnavailable', `${method} answered an unexpected result`);
    return result.data;
  }
}

function transportFailure(method: string, error: unknown): CardGatewayError {
  const { name, cause } = error as { name?: string; cause?: { code?: string } };
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new CardGatewayError('paymentGatewayTimeout', `${method} got no answer in time`);
  }
  return new CardGatewayError('paymentGatewayUnavailable', `${method} failed: ${cause?.code ?? name ?? 'unknown error'}`);
}
