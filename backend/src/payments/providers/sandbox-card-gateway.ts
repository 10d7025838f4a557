import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type Redis from 'ioredis';
import {
  CARD_PAYMENT_TTL_SECONDS,
  cardTypeOf,
  mmyyToExpireDate,
  SANDBOX_OTP,
  SANDBOX_SLOW_PAY_MS,
  SANDBOX_TEST_CARDS,
  translateMessage,
  type CardType,
  type SandboxCardOutcome,
  type Translated,
} from '@market/contracts';
import { CardGateway, CardGatewayError, type CardPaymentCompletion, type CardPaymentStart, type ReceiptSettlement, type StartedCardPayment } from './card-gateway';

/** The cashbox id the dialog sends to the sandbox's card methods, as it sends Payme its cashbox id. */
export const SANDBOX_CASHBOX_ID = 'sandbox';
/** Where the sandbox pretends to send its code, masked the way Payme masks a phone. */
const SANDBOX_PHONE = '99890*****67';
const REFERENCE_PREFIX = 'sandbox:';
/** The sandbox's own refusal code, beside Payme's: the dialog shows its words as it shows Payme's. */
const SANDBOX_REFUSAL = -31900;

/** A refusal of a sandbox card method, in Payme's form: its code and uz/ru/en message. */
export class SandboxCardRefusal extends Error {
  constructor(
    readonly code: number,
    readonly wording: Translated,
  ) {
    super(wording.en);
  }
}

interface SandboxCard {
  outcome: SandboxCardOutcome;
  last4: string;
  type: CardType;
  verified: boolean;
}

/**
 * The development driver, used when no gateway credentials are configured (in production only
 * with PAYMENTS_SANDBOX=true): the dialog goes through the same browser-side card flow as with
 * Payme, against the sandbox's card methods (`POST /api/payments/sandbox-payme`, Payme's JSON-RPC
 * and codes), which accept only the documented test cards and code; no money moves. Its card
 * tokens live in Redis for the payment's lifetime, shared by every API process.
 */
export class SandboxCardGateway extends CardGateway {
  readonly provider = 'sandbox';
  readonly sandbox = true;
  private readonly logger = new Logger('CardGateway');

  /** `namespace` is the deployment's prefix in a shared Redis (QUEUE_PREFIX). */
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {
    super();
  }

  /** Payme's cards.create, cards.get_verify_code and cards.verify as the browser calls them; throws SandboxCardRefusal. */
  async cardMethod(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (method === 'cards.create') {
      const { number, expire } = (params.card ?? {}) as { number?: string; expire?: string };
      const card = SANDBOX_TEST_CARDS.find(
        (testCard) => testCard.number.replace(/\s/g, '') === number && mmyyToExpireDate(testCard.expiry) === mmyyToExpireDate(expire ?? ''),
      );
      if (!card) throw new SandboxCardRefusal(SANDBOX_REFUSAL, translateMessage('paymentTestCardsOnly'));
      if (card.outcome === 'blocked') throw new SandboxCardRefusal(SANDBOX_REFUSAL, translateMessage('paymentCardBlocked'));
      const token = `${REFERENCE_PREFIX}${randomUUID()}`;
      await this.save(token, { outcome: card.outcome, last4: number!.slice(-4), type: cardTypeOf(number!)!, verified: false });
      return { card: { number: `${number!.slice(0, 6)}******${number!.slice(-4)}`, expire: card.expiry, token, recurrent: false, verify: false } };
    }
    const token = String(params.token ?? '');
    const card = await this.load(token);
    if (!card) throw new SandboxCardRefusal(-31400, translateMessage('cardInvalid'));
    if (method === 'cards.get_verify_code') {
      this.logger.log(`Sandbox card gateway: SMS code ${SANDBOX_OTP} sent to ${SANDBOX_PHONE}`);
      return { sent: true, phone: SANDBOX_PHONE, wait: 60_000 };
    }
    if (method === 'cards.verify') {
      if (params.code !== SANDBOX_OTP) throw new SandboxCardRefusal(-31103, translateMessage('paymentWrongCode'));
      await this.save(token, { ...card, verified: true });
      return { card: { token, recurrent: false, verify: true } };
    }
    throw new SandboxCardRefusal(-32601, { uz: 'Metod topilmadi', ru: 'Метод не найден', en: 'Method not found' });
  }

  async start(payment: CardPaymentStart): Promise<StartedCardPayment> {
    const card = await this.load(payment.cardToken);
    if (!card?.verified) throw new CardGatewayError('cardInvalid', 'sandbox card token unknown or not confirmed');
    return { reference: `${REFERENCE_PREFIX}${card.outcome}:${payment.transactionId}`, card: { last4: card.last4, type: card.type } };
  }

  async pay(payment: CardPaymentCompletion): Promise<'paid'> {
    const outcome = payment.reference.slice(REFERENCE_PREFIX.length).split(':')[0] as SandboxCardOutcome;
    if (outcome === 'insufficientFunds') throw new CardGatewayError('paymentInsufficientFunds', 'sandbox test card');
    if (outcome === 'slow') await sleep(SANDBOX_SLOW_PAY_MS);
    this.logger.log(`Sandbox card gateway: payment ${payment.transactionId} of ${payment.amount} so'm taken`);
    return 'paid';
  }

  /** The sandbox keeps no receipts: a lost outcome is simply paid again, which costs nothing. */
  async settlement(): Promise<ReceiptSettlement> {
    return 'unpaid';
  }

  /** Nothing to cancel: a sandbox payment is taken only by its confirmation, so none is on its way. */
  async cancel(): Promise<ReceiptSettlement> {
    return 'cancelled';
  }

  private key(token: string): string {
    return `${this.namespace}:sandbox-card:${token}`;
  }

  private async save(token: string, card: SandboxCard): Promise<void> {
    await this.redis.set(this.key(token), JSON.stringify(card), 'EX', CARD_PAYMENT_TTL_SECONDS + 60);
  }

  private async load(token: string): Promise<SandboxCard | null> {
    const stored = token.startsWith(REFERENCE_PREFIX) ? await this.redis.get(this.key(token)) : null;
    return stored ? (JSON.parse(stored) as SandboxCard) : null;
  }
}
