/**
 * The backend as a package (`@market/backend`): what the workers process is built from.
 * Modules and their services only; a module's tables stay behind its service.
 */
export { smsDeliveryReportUrl } from './auth/sms-delivery.service';
export { SmsSendingModule } from './auth/sms-sending.module';
export { SmsSendingService } from './auth/sms-sending.service';
export { SmsTextSeal } from './auth/sms-text-seal';
export { AppException } from './common/app.exception';
export { loggerParams } from './common/logging';
export { logUnhandledRejections } from './common/unhandled-rejections';
export { withinTimeout } from './common/within-timeout';
export { AppConfig } from './config/app-config';
export { ConfigModule } from './config/config.module';
export { ConfigError, loadConfig, type Config } from './config/config.schema';
export { configuredChannels } from './config/configured-channels';
export { DatabaseModule } from './database/database.module';
export { PUBLIC_READS } from './database/public-reads';
export { carriesBearerToken } from './metrics/metrics-access.guard';
export { registerPoolGauges } from './metrics/operations-gauges';
export { DeviceSpecsModule } from './devices/device-specs.module';
export { DeviceSpecsService, type DeviceToRefresh } from './devices/device-specs.service';
export { DevicePictures, type StoredDevicePicture } from './devices/device-pictures';
export { SpecSourcePacing, type SpecSourceClosed } from './devices/spec-source-pacing';
export { EventsModule } from './events/events.module';
export { OutboxService } from './events/outbox.service';
export { AbandonedDraftsModule } from './listings/abandoned-drafts/abandoned-drafts.module';
export { ABANDONED_DRAFT_AGE_MS, AbandonedDraftsService } from './listings/abandoned-drafts/abandoned-drafts.service';
export { ChannelPostingModule } from './listings/channel-posting/channel-posting.module';
export { ChannelPostingService, type ListingToPost, type PhotoFormat } from './listings/channel-posting/channel-posting.service';
export { ExchangeRateModule } from './listings/exchange-rate.module';
export { ExchangeRateService } from './listings/exchange-rate.service';
export { RateLimitModule } from './rate-limit/rate-limit.module';
export { PaymentSettlementModule } from './payments/payments.module';
export { PaymentSettlement, type RecheckOutcome } from './payments/payment-settlement.service';
export { PromotionSettlementModule } from './promotions/promotions.module';
export { PromotionSettlement, type SettlementOutcome } from './promotions/promotion-settlement.service';

export { FavouritesModule } from './favourites/favourites.module';
export { FavouritesService } from './favourites/favourites.service';
export { SavedSearchAlertsModule } from './saved-searches/saved-search-alerts.module';
export { SavedSearchAlertsService, type SavedSearchAlert, type SavedSearchDigest } from './saved-searches/saved-search-alerts.service';
export { SellerListingsModule } from './listings/seller-listings/seller-listings.module';
export { SellerListingsService, type SellerListing } from './listings/seller-listings/seller-listings.service';
export { ListingChecksService } from './moderation/trust/listing-checks.service';
export { TrustModule } from './moderation/trust/trust.module';
export { TelegramModule } from './telegram/telegram.module';
export { TelegramLinkService } from './telegram/telegram-link.service';
export { ImagesModule } from './uploads/images.module';
export { ImagesService } from './uploads/images.service';
export { ConversationsModule } from './conversations/conversations.module';
export { ConversationsService } from './conversations/conversations.service';
export { WorkersPushesModule } from './conversations/workers-pushes';
export { ReputationModule } from './reputation/reputation.module';
export { DealsService } from './reputation/deals.service';
export { SellerRatingsModule } from './reputation/seller-ratings.module';
export { SellerRatingsService } from './reputation/seller-ratings.service';
export { NotificationsModule } from './notifications/notifications.module';
export { NotificationsService, type InboxEntry } from './notifications/notifications.service';
