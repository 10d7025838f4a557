import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { BuyerAlertsModule } from '../buyer-alerts/buyer-alerts.module';
import { DeviceSpecRefreshModule } from '../device-specs/device-spec-refresh.module';
import { ExchangeRateRefreshModule } from '../exchange-rate/exchange-rate-refresh.module';
import { PhotoCleanupModule } from '../photo-cleanup/photo-cleanup.module';
import { RelayModule } from '../relay/relay.module';
import { SellerRatingsRefreshModule } from '../reputation/seller-ratings.module';
import { ListingChecksModule } from '../trust/listing-checks.module';
import { ScheduledJobsProcessor } from './scheduled-jobs.processor';
import { SCHEDULED_QUEUES, Schedules } from './schedules';

/** The workers' schedules (SCHEDULES), upserted at start. */
@Module({
  imports: [BullModule.registerQueue(...SCHEDULED_QUEUES.map((name) => ({ name })))],
  providers: [Schedules],
})
export class SchedulesModule {}

/** The schedules queue: its processor, running each tick's work from the module that owns it. */
@Module({
  imports: [
    SchedulesModule,
    BuyerAlertsModule,
    SellerRatingsRefreshModule,
    ExchangeRateRefreshModule,
    RelayModule,
    PhotoCleanupModule,
    ListingChecksModule,
    DeviceSpecRefreshModule,
  ],
  providers: [ScheduledJobsProcessor],
})
export class ScheduledJobsModule {}
