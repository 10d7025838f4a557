import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { PaymentSettlementModule, PromotionSettlementModule, RateLimitModule } from '@market/backend';
import { QUEUES } from '@market/contracts';
import { PaymentsProcessor } from './payments.processor';

/**
 * The payments queue (its schedules: schedules.ts): the re-check of card payments that reached Payme and are not final,
 * and the promotions' settlement (issue 39).
 * (The balance it credits goes through the users module, whose phone verification needs the rate limits.)
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.payments }), RateLimitModule, PaymentSettlementModule, PromotionSettlementModule],
  providers: [PaymentsProcessor],
})
export class PaymentsWorkerModule {}
