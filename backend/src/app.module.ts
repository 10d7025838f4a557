import { DynamicModule, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { loggerParams } from './common/logging';
import { AppConfig } from './config/app-config';
import { AuthModule } from './auth/auth.module';
import { BalanceModule } from './balance/balance.module';
import { BrowseModule } from './browse/browse.module';
import { CategoriesPageModule } from './categories/categories-page.module';
import { ConfigModule } from './config/config.module';
import { ConversationsGatewayModule } from './conversations/conversations-gateway.module';
import type { Config } from './config/config.schema';
import { DatabaseModule } from './database/database.module';
import { DevicesModule } from './devices/devices.module';
import { EventsModule } from './events/events.module';
import { FavouritesModule } from './favourites/favourites.module';
import { HealthModule } from './health/health.module';
import { DemoModule } from './listings/demo/demo.module';
import { ListingsModule } from './listings/listings.module';
import { ModerationModule } from './moderation/moderation.module';
import { NotificationsModule } from './notifications/notifications.module';
import { MetricsModule } from './metrics/metrics.module';
import { PaymentsModule } from './payments/payments.module';
import { PromotionsModule } from './promotions/promotions.module';
import { QueueDashboardModule } from './queue-dashboard/queue-dashboard';
import { RedisModule } from './redis/redis.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { SavedSearchesModule } from './saved-searches/saved-searches.module';
import { SellersModule } from './sellers/sellers.module';
import { TelegramModule } from './telegram/telegram.module';
import { UploadsModule } from './uploads/uploads.module';
import { UsersModule } from './users/users.module';
import { PublicAnswerCacheModule } from './common/public-answer-cache';
import { sameOriginOnly } from './common/same-origin.middleware';

@Module({})
export class AppModule implements NestModule {
  constructor(private readonly config: AppConfig) {}

  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        DatabaseModule,
        RedisModule,
        EventsModule,
        HealthModule,
        MetricsModule,
        RateLimitModule,
        PublicAnswerCacheModule,
        AuthModule,
        UsersModule,
        // Routes register in this order: the fixed paths under /api/phone (the devices', the sellers'
        // `/phone/my`, moderation's, the price guide's) come before browsing's `/phone/:id`, and the
        // modules built on listings come after them.
        DevicesModule,
        BalanceModule,
        PaymentsModule,
        TelegramModule,
        QueueDashboardModule,
        ListingsModule,
        ModerationModule,
        BrowseModule,
        DemoModule,
        PromotionsModule,
        UploadsModule,
        CategoriesPageModule,
        FavouritesModule,
        SavedSearchesModule,
        SellersModule,
        ConversationsGatewayModule,
        NotificationsModule,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(sameOriginOnly(this.config))
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
