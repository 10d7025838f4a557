import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import {
  CARD_PAYMENT_TTL_SECONDS,
  PAYME_OFFER_URL,
  SANDBOX_OTP,
  SANDBOX_TEST_CARDS,
  type CardGatewayMode,
  type CardPaymentConfirmed,
  type CardPaymentStarted,
  type ConfirmCardPayment,
  type CreateCardPayment,
  type Translated,
  type UnresolvedPayments,
} from '@market/contracts';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';
import { RateLimitService, type RateLimit } from '../rate-limit/rate-limit.service';
import { PaymentSettlement } from './payment-settlement.service';
import { PaymentTransaction } from './payment-transaction.entity';
import {
  CardGateway,
  CardGatewayError,
  retryable,
  type CardGatewayFailure,
  type CardPaymentCompletion,
} from './providers/card-gateway';
import { SANDBOX_CASHBOX_ID } from './providers/sandbox-card-gateway';
import { SANDBOX_CHECKOUT_PATH } from './sandbox-payme.controller';

/** Each start creates a receipt at the provider. */
const PAYMENT_START_LIMIT: RateLimit = { name: 'card-payment-start', points: 10, durationSeconds: 60 * 60 };
/** How often a confirmation waiting for another one of the same payment looks again. */
const CLAIM_POLL_MS = 100;

const FAILURE_STATUS: Readonly<Record<CardGatewayFailure, HttpStatus>> = {
  cardInvalid: HttpStatus.BAD_REQUEST,
  paymentInsufficientFunds: HttpStatus.PAYMENT_REQUIRED,
  paymentSmsNotConnected: HttpStatus.PAYMENT_REQUIRED,
  paymentRefused: HttpStatus.PAYMENT_REQUIRED,
  paymentCancelled: HttpStatus.GONE,
  paymentExpired: HttpStatus.GONE,
  paymentGatewayUnavailable: HttpStatus.SERVICE_UNAVAILABLE,
  paymentGatewayTimeout: HttpStatus.GATEWAY_TIMEOUT,
};

/** `wording`: the provider's own words for a refusal, read instead of the reason's text. */
function paymentRefused(reason: CardGatewayFailure, wording?: Translated): AppException {
  return new AppException(FAILURE_STATUS[reason], reason, {}, undefined, wording);
}

/** Payme took the payment but has not settled its receipt: the workers credit it once it is paid. */
const paymentProcessing = () => new AppException(HttpStatus.CONFLICT, 'paymentProcessing');

/**
 * `checkOnly`: the gateway is only asked where the payment stands, never to pay: the payment
 * expired, or its receipt is settling already.
 */
type Claim =
  | { kind: 'confirmed'; amount: number }
  | { kind: 'failed'; reason: CardGatewayFailure }
  | { kind: 'busy' }
  | { kind: 'claimed'; payment: PaymentTransaction; checkOnly: boolean };

/**
 * Card top-ups. Confirming is a small state machine on the payment row: one request claims a
 * pending payment ('confirming') under a row lock, calls the gateway outside any database
 * transaction, then records the outcome. Concurrent confirmations of the same payment wait
 * for that outcome instead of calling the gateway again, and the ledger's unique
 * (kind, reference) makes a second credit impossible even if a claim was taken over.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(PaymentTransaction) private readonly payments: Repository<PaymentTransaction>,
    private readonly gateway: CardGateway,
    private readonly settlement: PaymentSettlement,
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
  ) {}

  /** Where the dialog sends the card (Payme's checkout, or the sandbox's), and the sandbox's test cards. */
  mode(): CardGatewayMode {
    if (!this.gateway.sandbox) {
      return { sandbox: false, checkout: { url: this.config.PAYME_BASE_URL, cashboxId: this.config.PAYME_MERCHANT_ID, offerUrl: PAYME_OFFER_URL } };
    }
    const checkout = { url: `/api/${SANDBOX_CHECKOUT_PATH}`, cashboxId: SANDBOX_CASHBOX_ID, offerUrl: PAYME_OFFER_URL };
    return { sandbox: true, checkout, testCards: [...SANDBOX_TEST_CARDS], otp: SANDBOX_OTP };
  }

  /** Creates the payment for a card the browser registered with Payme and confirmed with its SMS code. */
  async start(userId: string, request: CreateCardPayment): Promise<CardPaymentStarted> {
    await this.rateLimits.consume(PAYMENT_START_LIMIT, userId);
    const transactionId = randomUUID();
    try {
      const { reference, card } = await this.gateway.start({ transactionId, amount: request.amount, cardToken: request.cardToken });
      await this.payments.insert({
        id: transactionId,
        userId,
        amount: request.amount,
        cardLast4: card.last4,
        cardType: card.type,
        provider: this.gateway.provider,
        providerRef: reference,
        status: 'pending',
      });
      this.logger.log(`Card payment ${transactionId} started: ${request.amount} so'm, ${card.type} card, user ${userId}`);
      return { result: { transactionId } };
    } catch (error) {
      if (!(error instanceof CardGatewayError)) throw error;
      this.logger.warn(`Card payment ${transactionId} could not start: ${error.message}`);
      throw paymentRefused(error.reason, error.wording);
    }
  }

  /** For admins: the payments the workers' re-check has not brought to an end within an hour. */
  async unresolved(): Promise<UnresolvedPayments> {
    const payments = await this.settlement.unresolvedAfterAnHour();
    return {
      payments: payments.map((payment) => ({
        id: payment.id,
        userId: payment.userId,
        amount: payment.amount,
        status: payment.status as UnresolvedPayments['payments'][number]['status'],
        receipt: payment.providerRef!,
        createdAt: payment.createdAt.toISOString(),
        checkedAt: payment.checkedAt?.toISOString() ?? null,
      })),
    };
  }

  async confirm(userId: string, request: ConfirmCardPayment): Promise<CardPaymentConfirmed> {
    // A lapsed claim is taken over by the loop itself, so waiting longer than the lease is never needed.
    const waitUntil = Date.now() + this.settlement.claimLeaseMs + 1_000;
    for (;;) {
      const claim = await this.dataSource.transaction((transaction) => this.claim(transaction, userId, request.transactionId));
      switch (claim.kind) {
        case 'confirmed':
          return { result: { amount: claim.amount } };
        case 'failed':
          throw paymentRefused(claim.reason);
        case 'claimed':
          if ((await this.settle(claim.payment, claim.checkOnly)) === 'processing') throw paymentProcessing();
          return { result: { amount: claim.payment.amount } };
        case 'busy':
          if (Date.now() > waitUntil) throw new AppException(HttpStatus.CONFLICT, 'paymentInProgress');
          await sleep(CLAIM_POLL_MS);
      }
    }
  }

  /** Decides under the row lock what this confirmation does: answer from a final state, wait, or claim the payment. */
  private async claim(transaction: EntityManager, userId: string, transactionId: string): Promise<Claim> {
    const {
      entities: [payment],
      raw: [timing],
    } = await transaction
      .createQueryBuilder(PaymentTransaction, 'payment')
      .addSelect('payment.created_at < now() - make_interval(secs => :ttl)', 'expired')
      .addSelect('payment.claimed_at < now() - make_interval(secs => :lease)', 'claim_lapsed')
      .where('payment.id = :transactionId', { transactionId, ttl: CARD_PAYMENT_TTL_SECONDS, lease: this.settlement.claimLeaseMs / 1000 })
      .setLock('pessimistic_write')
      .getRawAndEntities<{ expired: boolean; claim_lapsed: boolean | null }>();
    // Someone else's payment is answered exactly like a missing one.
    if (!payment || payment.userId !== userId) throw new AppException(HttpStatus.NOT_FOUND, 'paymentNotFound');

    if (payment.status === 'confirmed') return { kind: 'confirmed', amount: payment.amount };
    if (payment.status === 'failed') return { kind: 'failed', reason: payment.failureReason! };
    if (payment.status === 'confirming' && !timing.claim_lapsed) return { kind: 'busy' };
    await transaction.update(PaymentTransaction, payment.id, { status: 'confirming', claimedAt: () => 'now()' });
    return { kind: 'claimed', payment, checkOnly: timing.expired || payment.status === 'settling' };
  }

  /** Runs the claimed payment at the gateway, outside any database transaction, and records the outcome. */
  private async settle(payment: PaymentTransaction, checkOnly: boolean): Promise<'paid' | 'processing'> {
    const completion = { transactionId: payment.id, reference: payment.providerRef!, amount: payment.amount };
    const settling = payment.status === 'settling';
    let outcome: 'paid' | 'processing';
    try {
      outcome = checkOnly ? await this.checkedOutcome(completion, settling) : await this.gateway.pay(completion);
    } catch (error) {
      return this.recordRefusal(payment, error, settling ? 'settling' : 'pending');
    }
    if (outcome === 'paid') {
      await this.settlement.recordPaid(payment);
      return 'paid';
    }
    await this.payments.update({ id: payment.id, status: 'confirming' }, { status: 'settling', claimedAt: null });
    this.logger.warn(`Card payment ${payment.id}: Payme has not settled its receipt yet; the workers re-check it`);
    return 'processing';
  }

  /** For a payment that may no longer be paid: where an earlier attempt left it. */
  private async checkedOutcome(completion: CardPaymentCompletion, settling: boolean): Promise<'paid' | 'processing'> {
    const settlement = await this.gateway.settlement(completion);
    if (settlement === 'paid' || settlement === 'processing') return settlement;
    if (settlement === 'cancelled') throw new CardGatewayError('paymentCancelled', 'the receipt was cancelled');
    // Too late to pay; a receipt taken for payment but not charged yet is still on its way.
    if (settling) return 'processing';
    throw new CardGatewayError('paymentExpired');
  }

  /**
   * Releases the claim: back to where it was (`releaseTo`: pending, or settling for a receipt Payme
   * took) when the payment may be tried again, otherwise failed for good.
   */
  private async recordRefusal(payment: PaymentTransaction, error: unknown, releaseTo: 'pending' | 'settling'): Promise<never> {
    const stillClaimed = { id: payment.id, status: 'confirming' as const };
    if (!(error instanceof CardGatewayError)) {
      await this.payments.update(stillClaimed, { status: releaseTo, claimedAt: null });
      throw error;
    }
    this.logger.warn(`Card payment ${payment.id} was not confirmed: ${error.message}`);
    const { reason } = error;
    await this.payments.update(
      stillClaimed,
      retryable(reason) || (releaseTo === 'settling' && reason !== 'paymentCancelled')
        ? { status: releaseTo, claimedAt: null }
        : { status: 'failed', failureReason: reason, claimedAt: null },
    );
    throw paymentRefused(reason, error.wording);
  }
}
