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

/** Payme when its merchant id and key are configured, otherwise the sandbox; one of the two alone is a mistake. */
export function cardGatewayFor(config: AppConfig, redis: RedisClient): CardGateway {
  const logger = new Logger('CardGateway');
  const { PAYME_MERCHANT_ID: merchantId, PAYME_KEY: key } = config;
  if (!merchantId && !key) {
    logger.warn('Sandbox card gateway: PAYME_MERCHANT_ID and PAYME_KEY are not set, card payments are simulated');
    return new SandboxCardGateway();
  }
  if (!merchantId || !key) {
    throw new Error('Set both PAYME_MERCHANT_ID and PAYME_KEY, or neither to use the sandbox card gateway');
  }
  logger.log(`Payme card gateway at ${new URL(config.PAYME_BASE_URL).origin}`);
  return new PaymeCardGateway(
    { baseUrl: config.PAYME_BASE_URL, merchantId, key, timeoutMs: config.PAYME_TIMEOUT_MS },
    new PaymeCardSessions(redis, config.QUEUE_PREFIX),
  );
}

@Module({
  imports: [TypeOrmModule.forFeature([PaymentTransaction]), BalanceModule, EventsModule],
  controllers: [PaymentsController],
  providers: [PaymentsService, { provide: CardGateway, inject: [AppConfig, RedisClient], useFactory: cardGatewayFor }],
})
export class PaymentsModule {}
