import { Module } from '@nestjs/common';
import { MetricsAccessGuard } from './metrics-access.guard';
import { MetricsController } from './metrics.controller';
import { OperationsGauges } from './operations-gauges';

@Module({ controllers: [MetricsController], providers: [OperationsGauges, MetricsAccessGuard], exports: [OperationsGauges] })
export class MetricsModule {}
