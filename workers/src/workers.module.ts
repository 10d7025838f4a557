import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { ConfigModule, DatabaseModule, loggerParams, type Config } from '@market/backend';
import { BotModule } from './bot/bot.module';
import { BuyerAlertsModule } from './buyer-alerts/buyer-alerts.module';

import { AbandonedDraftsModule } from './drafts/abandoned-drafts.module';
import { DeviceSpecRefreshModule } from './device-specs/device-spec-refresh.module';
import { ExchangeRateRefreshModule } from './exchange-rate/exchange-rate-refresh.module';
import { JobTable } from './job-table';
import { OperationsServer } from './operations/operations-server';
import { PaymentsWorkerModule } from './payments/payments.module';
import { PhotoCleanupModule } from './photo-cleanup/photo-cleanup.module';
import { ConversationPushesModule } from './pushes/conversation-pushes.module';
import { RelayModule } from './relay/relay.module';
import { ScheduledJobsModule } from './schedules/schedules.module';
import { SellerRatingsRefreshModule } from './reputation/seller-ratings.module';
import { SmsModule } from './sms/sms.module';
import { SocialModule } from './social/social.module';
import { ListingChecksModule } from './trust/listing-checks.module';

@Module({})
export class WorkersModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: WorkersModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        DatabaseModule,
        // Job processors (workers) keep ioredis' defaults: they wait for Redis to return. Their
        // queue workers start once the job table has checked them (JobTable registers them).
        BullModule.forRoot({
          connection: { url: config.REDIS_QUEUE_URL, maxRetriesPerRequest: null },
          prefix: config.QUEUE_PREFIX,
          extraOptions: { manualRegistration: true },
        }),
        DiscoveryModule,
        RelayModule,
        SmsModule,
        DeviceSpecRefreshModule,
        SocialModule,
        BotModule,
        ConversationPushesModule,
        BuyerAlertsModule,
        ExchangeRateRefreshModule,
        PhotoCleanupModule,
        SellerRatingsRefreshModule,
        ListingChecksModule,
        PaymentsWorkerModule,

        AbandonedDraftsModule,
        ScheduledJobsModule,
      ],
      providers: [JobTable, OperationsServer],
    };
  }
}
