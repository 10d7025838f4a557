import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ExchangeRateEntity, ExchangeRateService } from '../../../backend/src/listings/exchange-rate.service';
import { ExchangeRateScheduler } from './exchange-rate.scheduler';
import { UsdRateClient } from './usd-rate.client';

/** The scheduled refresh of the USD rate listing prices are compared with. */
@Module({
  imports: [TypeOrmModule.forFeature([ExchangeRateEntity])],
  providers: [UsdRateClient, ExchangeRateService, ExchangeRateScheduler],
})
export class ExchangeRateModule {}
