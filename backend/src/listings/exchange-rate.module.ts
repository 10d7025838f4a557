import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ExchangeRateEntity, ExchangeRateService } from './exchange-rate.service';

/** The stored USD rate: the listings normalise prices with it, the workers refresh it. */
@Module({
  imports: [TypeOrmModule.forFeature([ExchangeRateEntity])],
  providers: [ExchangeRateService],
  exports: [ExchangeRateService],
})
export class ExchangeRateModule {}
