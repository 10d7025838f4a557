import { HttpStatus, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import {
  CARD_PAYMENT_TTL_SECONDS,
  PAYMENT_MOVES,
  PAYME_OFFER_URL,
  SANDBOX_OTP,
  SANDBOX_TEST_CARDS,
  type CardGatewayMode,
  type CardPaymentConfirmed,
  type CardPaymentFailure,
  type CardPaymentStarted,
  type CardPaymentState,
  type ConfirmCardPayment,
  type CreateCardPayment,
  type Translated,
  type UnresolvedPayments,
} from '@market/contracts';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';
import { RateLimitService, type RateLimit } from '../rate-limit/rate-limit.service';
import { PaymentMoves } from './payment-moves';
import { PaymentSettlement } from './payment-settlement.service';
import { PaymentTransaction } from './payment-transaction.entity';
import { CardGateway, CardGatewayError, retryable, type CardPaymentCompletion, type ReceiptSettlement } from './providers/card-gateway';
import { SANDBOX_CASHBOX_ID } from './providers/sandbox-card-gateway';
import { SANDBOX_CHECKOUT_PATH } from './sandbox-payme.controller';

/** Each start creates a receipt at the provider. */
const PAYMENT_START_LIMIT: RateLimit = { name: 'card-payment-start', points: 10, durationSeconds: 60 * 60 };
/**
 * How long a confirmation waits for Payme before it answers 'processing': Payme may take up to
 * three calls of PAYME_TIMEOUT_MS, and the dialog follows the payment's state meanwhile.
 */
export const CONFIRMATION_ANSWER_WITHIN_MS = 3_000;

const FAILURE_STATUS: Readonly<Record<CardPaymentFailure, HttpStatus>> = {
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
function paymentRefused(reason: CardPaymentFailure, wording?: Translated): AppException {
  return new AppException(FAILURE_STATUS[reason], reason, {}, undefined, wording);
}

const PROCESSING = { result: { status: 'processing' } } as const;

/** Someone else's payment is answered exactly like a missing one. */
const paymentNotFound = () => new AppException(HttpStatus.NOT_FOUND, 'paymentNotFound');

/**
 * `checkOnly`: the gateway is only asked where the payment stands, never to pay: the payment
 * expired, or its receipt is settling already.
 */
type Claim =
  | { kind: 'confirmed'; amount: number }
  | { kind: 'failed'; reason: CardPaymentFailure }
  | { kind: 'busy' }
  | { kind: 'claimed'; payment: PaymentTransaction; checkOnly: boolean };

/**
 * Card top-ups. A confirmation claims the pending payment under a row lock ('confirming': no other
 * request or re-check calls Payme for it), calls Payme outside any database transaction, and
 * records the outcome, every step a move of PAYMENT_MOVES (PaymentMoves). It answers within a few
 * seconds: when Payme is slower, or another confirmation holds the claim, it answers 'processing'
 * and the dialog follows the payment's state until it is final. The ledger's unique (kind,
 * reference) makes a second credit impossible even if a claim was taken over.
 */
@Injectable()
export class PaymentsService implements OnApplicationShutdown {
  private readonly logger = new Logger(PaymentsService.name);
  /** Confirmations still at Payme after their request was answered: shutting down waits for their outcome. */
  private readonly atPayme = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(PaymentTransaction) private readonly payments: Repository<PaymentTransaction>,
    private readonly gateway: CardGateway,
    private readonly settlement: PaymentSettlement,
    private readonly moves: PaymentMoves,
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.atPayme);
  }

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
        status: PAYMENT_MOVES.start.moves.new,
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
    const claim = await this.dataSource.transaction((transaction) => this.claim(transaction, userId, request.transactionId));
    switch (claim.kind) {
      case 'confirmed':
        return { result: { status: 'confirmed', amount: claim.amount } };
      case 'failed':
        throw paymentRefused(claim.reason);
      case 'busy':
        // Another confirmation, or the re-check, is at Payme with it: the dialog follows their outcome.
        return PROCESSING;
      case 'claimed': {
        const settled = this.settle(claim.payment, claim.checkOnly);
        const outcome = await Promise.race([settled, sleep(CONFIRMATION_ANSWER_WITHIN_MS, 'slow' as const, { ref: false })]);
        if (outcome === 'slow') this.awaitOutcome(claim.payment.id, settled);
        return outcome === 'paid' ? { result: { status: 'confirmed', amount: claim.payment.amount } } : PROCESSING;
      }
    }
  }

  /** Where the payer's payment stands, for the dialog following a 'processing' answer. */
  async state(userId: string, transactionId: string): Promise<CardPaymentState> {
    const payment = await this.payments.findOneBy({ id: transactionId, userId });
    if (!payment) throw paymentNotFound();
    switch (payment.status) {
      case 'confirmed':
        return { result: { status: 'confirmed', amount: payment.amount } };
      case 'failed':
        return { result: { status: 'failed', reason: payment.failureReason! } };
      case 'pending':
        return { result: { status: 'pending' } };
      case 'confirming':
      case 'settling':
        return PROCESSING;
    }
  }

  /** A confirmation answered 'processing' goes on at Payme; its outcome is recorded on the payment, where the dialog reads it. */
  private awaitOutcome(paymentId: string, settled: Promise<unknown>): void {
    const outcome: Promise<void> = settled
      .then(
        () => undefined,
        (error: unknown) => {
          if (!(error instanceof AppException)) this.logger.error(`Card payment ${paymentId} was not settled: ${(error as Error).message}`);
        },
      )
      .finally(() => this.atPayme.delete(outcome));
    this.atPayme.add(outcome);
  }

  /** Decides under the row lock what this confirmation does: answer from a final state, leave it to the one at Payme, or claim it. */
  private async claim(transaction: EntityManager, userId: string, transactionId: string): Promise<Claim> {
    const {
      entities: [payment],
      raw: [timing],
    } = await transaction
      .createQueryBuilder(PaymentTransaction, 'payment')
      .addSelect('payment.created_at < now() - make_interval(secs => :ttl)', 'expired')
      .where('payment.id = :transactionId', { transactionId, ttl: CARD_PAYMENT_TTL_SECONDS })
      .setLock('pessimistic_write')
      .getRawAndEntities<{ expired: boolean }>();
    if (!payment || payment.userId !== userId) throw paymentNotFound();

    if (payment.status === 'confirmed') return { kind: 'confirmed', amount: payment.amount };
    if (payment.status === 'failed') return { kind: 'failed', reason: payment.failureReason! };
    if (!(await this.moves.move(transaction, payment.id, 'claim'))) return { kind: 'busy' };
    return { kind: 'claimed', payment, checkOnly: timing.expired || payment.status === 'settling' };
  }

  /** Runs the claimed payment at the gateway, outside any database transaction, and records the outcome. */
  private async settle(payment: PaymentTransaction, checkOnly: boolean): Promise<'paid' | 'processing'> {
    const completion = { transactionId: payment.id, reference: payment.providerRef!, amount: payment.amount };
    const settling = payment.status === 'settling';
    let outcome: ReceiptSettlement | null;
    try {
      outcome = checkOnly ? await this.checkedOutcome(completion, settling) : await this.gateway.pay(completion);
    } catch (error) {
      if (!refusedForGood(error, settling)) return this.release(payment, error, settling);
      // Failed only once nobody can pay it: an earlier confirmation's pay, its answer lost, may have landed first.
      outcome = await this.settlement.endReceipt(completion);
      if (outcome === 'cancelled') return this.recordRefusal(payment, error);
      if (outcome !== 'paid' && outcome !== 'processing') return this.release(payment, error, settling);
    }
    if (outcome === 'paid') {
      await this.settlement.recordPaid(payment);
      return 'paid';
    }
    await this.moves.move(this.dataSource.manager, payment.id, 'settle');
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

  /** Ends the claim with the payment back where it was (pending, or settling for a receipt Payme took): it may be tried again. */
  private async release(payment: PaymentTransaction, error: unknown, settling: boolean): Promise<never> {
    await this.moves.move(this.dataSource.manager, payment.id, settling ? 'settle' : 'release');
    if (!(error instanceof CardGatewayError)) throw error;
    this.logger.warn(`Card payment ${payment.id} was not confirmed: ${error.message}`);
    throw paymentRefused(error.reason, error.wording);
  }

  /** Fails the payment for good: its receipt is cancelled. */
  private async recordRefusal(payment: PaymentTransaction, { reason, message, wording }: CardGatewayError): Promise<never> {
    this.logger.warn(`Card payment ${payment.id} failed: ${message}`);
    await this.moves.move(this.dataSource.manager, payment.id, reason === 'paymentExpired' ? 'expire' : 'refuse', { failureReason: reason });
    throw paymentRefused(reason, wording);
  }
}

/** Whether a failure at the gateway ends the payment: not one to retry, nor a receipt Payme took and has not cancelled. */
function refusedForGood(error: unknown, settling: boolean): error is CardGatewayError {
  return error instanceof CardGatewayError && !retryable(error.reason) && (!settling || error.reason === 'paymentCancelled');
}
