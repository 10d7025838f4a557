import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BalanceModule } from '../balance/balance.module';
import { AppConfig } from '../config/app-config';
import { EventsModule } from '../events/events.module';
import { RedisClient } from '../redis/redis.module';
import { PaymentTransaction } from './payment-transaction.entity';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { CardGateway } from './providers/card-gateway';
import { PaymeCardGateway, PaymeCardSessions } from './providers/payme-card-gateway';
import { SandboxCardGateway } from './providers/sandbox-card-gateway';

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
    logger.log(`Payme card gateway at ${new URL(config.PAYME_BASE_URL).origin}`);
    return new PaymeCardGateway(
      { baseUrl: config.PAYME_BASE_URL, merchantId, key, timeoutMs: config.PAYME_TIMEOUT_MS },
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
  return new SandboxCardGateway();
}

@Module({
  imports: [TypeOrmModule.forFeature([PaymentTransaction]), BalanceModule, EventsModule],
  controllers: [PaymentsController],
  providers: [PaymentsService, { provide: CardGateway, inject: [AppConfig, RedisClient], useFactory: cardGatewayFor }],
})
export class PaymentsModule {}
