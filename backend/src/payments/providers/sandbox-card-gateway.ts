import { Logger } from '@nestjs/common';
import { mmyyToExpireDate, SANDBOX_OTP, SANDBOX_TEST_CARDS, type SandboxCardOutcome } from '@market/contracts';
import {
  CardGateway,
  CardGatewayError,
  type CardPaymentCompletion,
  type CardPaymentStart,
  type ReceiptSettlement,
  type StartedCardPayment,
} from './card-gateway';

/** Where the sandbox pretends to send its code, masked the way Payme masks a phone. */
const SANDBOX_PHONE = '99890*****67';
const REFERENCE_PREFIX = 'sandbox:';

/**
 * The development driver, used when no gateway credentials are configured (in production only
 * with PAYMENTS_SANDBOX=true): it accepts only the documented test cards, writes the SMS code to
 * the log and moves no money. The reference carries the test card's scripted outcome, so no card
 * data is kept between the two steps.
 */
export class SandboxCardGateway extends CardGateway {
  readonly provider = 'sandbox';
  readonly sandbox = true;
  private readonly logger = new Logger('CardGateway');

  async start(payment: CardPaymentStart): Promise<StartedCardPayment> {
    const card = SANDBOX_TEST_CARDS.find(
      (testCard) =>
        testCard.number.replace(/\s/g, '') === payment.cardNumber &&
        mmyyToExpireDate(testCard.expiry) === payment.expireDate,
    );
    if (!card) throw new CardGatewayError('paymentTestCardsOnly');
    if (card.outcome === 'blocked') throw new CardGatewayError('paymentCardBlocked', 'sandbox test card');
    this.logger.log(
      `Sandbox card gateway: SMS code ${SANDBOX_OTP} for payment ${payment.transactionId} sent to ${SANDBOX_PHONE}`,
    );
    return { reference: `${REFERENCE_PREFIX}${card.outcome}:${payment.transactionId}`, otpSentPhone: SANDBOX_PHONE };
  }

  async pay(payment: CardPaymentCompletion): Promise<'paid'> {
    if (payment.otp !== SANDBOX_OTP) throw new CardGatewayError('paymentWrongCode', 'sandbox');
    const outcome = payment.reference.slice(REFERENCE_PREFIX.length).split(':')[0] as SandboxCardOutcome;
    if (outcome === 'insufficientFunds') throw new CardGatewayError('paymentInsufficientFunds', 'sandbox test card');
    this.logger.log(`Sandbox card gateway: payment ${payment.transactionId} of ${payment.amount} so'm taken`);
    return 'paid';
  }

  /** The sandbox keeps no state: a lost outcome is simply paid again, which costs nothing. */
  async settlement(): Promise<ReceiptSettlement> {
    return 'unpaid';
  }

  /** Nothing to cancel: a sandbox payment is taken only when it is confirmed. */
  async cancel(): Promise<void> {}
}
