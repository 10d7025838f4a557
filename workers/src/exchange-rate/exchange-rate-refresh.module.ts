import { Module } from '@nestjs/common';
import { ExchangeRateModule } from '@market/backend';
import { ExchangeRateScheduler } from './exchange-rate.scheduler';
import { UsdRateClient } from './usd-rate.client';

/** The scheduled refresh of the USD rate listing prices are compared with. */
@Module({
  imports: [ExchangeRateModule],
  providers: [UsdRateClient, ExchangeRateScheduler],
  exports: [ExchangeRateScheduler],
})
export class ExchangeRateRefreshModule {}
