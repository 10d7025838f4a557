import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BalanceModule } from '../balance/balance.module';
import { AppConfig } from '../config/app-config';
import { EventsModule } from '../events/events.module';
import { RedisClient, RedisModule } from '../redis/redis.module';
import { PaymentMoves } from './payment-moves';
import { PaymentSettlement } from './payment-settlement.service';
import { PaymentTransaction } from './payment-transaction.entity';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { CardGateway } from './providers/card-gateway';
import { PaymeCardGateway, PaymeCardSessions } from './providers/payme-card-gateway';
import { SandboxCardGateway } from './providers/sandbox-card-gateway';
import { SandboxPaymeController } from './sandbox-payme.controller';
import { UnresolvedPaymentsController } from './unresolved-payments.controller';

/**
 * Payme when its merchant id and key are configured, otherwise the sandbox, which moves no money
 * and publishes its test cards: in production only when PAYMENTS_SANDBOX=true says so, so a
 * forgotten credential stops start-up instead of taking fake payments.
 */
export function cardGatewayFor(config: AppConfig, redis: RedisClient): CardGateway {
  const logger = new Logger('CardGateway');
  const { PAYME_MERCHANT_ID: merchantId, PAYME_KEY: key, PAYMENTS_SANDBOX: sandbox } = config;
  if (merchantId && key) {
    if (sandbox === 'true') {
      throw new Error('PAYMENTS_SANDBOX=true asks for simulated payments, but PAYME_MERCHANT_ID and PAYME_KEY are set: unset one or the other');
    }
    if (!config.PAYME_FISCAL_CODE || !config.PAYME_PACKAGE_CODE) {
      throw new Error('Payme receipts are fiscal: set PAYME_FISCAL_CODE (the ИКПУ) and PAYME_PACKAGE_CODE as registered for the cashbox');
    }
    logger.log(`Payme card gateway at ${new URL(config.PAYME_BASE_URL).origin}`);
    return new PaymeCardGateway(
      {
        baseUrl: config.PAYME_BASE_URL,
        merchantId,
        key,
        timeoutMs: config.PAYME_TIMEOUT_MS,
        accountField: config.PAYME_ACCOUNT_FIELD,
        fiscal: { code: config.PAYME_FISCAL_CODE, packageCode: config.PAYME_PACKAGE_CODE, vatPercent: config.PAYME_VAT_PERCENT },
      },
      new PaymeCardSessions(redis, config.QUEUE_PREFIX),
    );
  }
  if (merchantId || key) {
    throw new Error('Set both PAYME_MERCHANT_ID and PAYME_KEY, or neither to use the sandbox card gateway');
  }
  if (sandbox ? sandbox === 'false' : config.NODE_ENV === 'production') {
    throw new Error('No card gateway: set PAYME_MERCHANT_ID and PAYME_KEY, or PAYMENTS_SANDBOX=true to simulate card payments (no money moves)');
  }
  logger.warn('Sandbox card gateway: PAYME_MERCHANT_ID and PAYME_KEY are not set, card payments are simulated');
  return new SandboxCardGateway(redis, config.QUEUE_PREFIX);
}

/**
 * Where the browser may send card data (the CSP's connect-src beside our own origin): Payme's checkout
 * when Payme is configured, nothing else (the sandbox's card methods are ours).
 */
export function cardCheckoutOrigins(config: AppConfig): string[] {
  return config.PAYME_MERCHANT_ID && config.PAYME_KEY ? [new URL(config.PAYME_BASE_URL).origin] : [];
}

/** The card gateway, the payments' moves and the settlement of paid payments: the API's confirmations and the workers' re-check share them. */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentTransaction]), RedisModule, BalanceModule, EventsModule],
  providers: [PaymentMoves, PaymentSettlement, { provide: CardGateway, inject: [AppConfig, RedisClient], useFactory: cardGatewayFor }],
  exports: [PaymentMoves, PaymentSettlement, CardGateway],
})
export class PaymentSettlementModule {}

@Module({
  imports: [TypeOrmModule.forFeature([PaymentTransaction]), PaymentSettlementModule],
  controllers: [PaymentsController, SandboxPaymeController, UnresolvedPaymentsController],
  providers: [PaymentsService],
})
export class PaymentsModule {}
