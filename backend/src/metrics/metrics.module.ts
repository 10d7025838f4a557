import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { PaymentSettlementModule } from '../payments/payments.module';
import { MetricsAccessGuard } from './metrics-access.guard';
import { MetricsController } from './metrics.controller';
import { OperationsGauges } from './operations-gauges';

@Module({
  imports: [EventsModule, PaymentSettlementModule],
  controllers: [MetricsController],
  providers: [OperationsGauges, MetricsAccessGuard],
  exports: [OperationsGauges],
})
export class MetricsModule {}
