import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { loggerParams } from '../../backend/src/common/logging';
import { ConfigModule } from '../../backend/src/config/config.module';
import type { Config } from '../../backend/src/config/config.schema';
import { DatabaseModule } from '../../backend/src/database/database.module';
import { BotModule } from './bot/bot.module';
import { DeviceSpecsModule } from './device-specs/device-specs.module';
import { ExchangeRateModule } from './exchange-rate/exchange-rate.module';
import { PhotoCleanupModule } from './photo-cleanup/photo-cleanup.module';
import { RelayModule } from './relay/relay.module';
import { SmsModule } from './sms/sms.module';
import { SocialModule } from './social/social.module';

@Module({})
export class WorkersModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: WorkersModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        DatabaseModule,
        // Job processors (workers) keep ioredis' defaults: they wait for Redis to return.
        BullModule.forRoot({ connection: { url: config.REDIS_URL, maxRetriesPerRequest: null }, prefix: config.QUEUE_PREFIX }),
        ScheduleModule.forRoot(),
        RelayModule,
        SmsModule,
        DeviceSpecsModule,
        SocialModule,
        BotModule,
        ExchangeRateModule,
        PhotoCleanupModule,
      ],
    };
  }
}
