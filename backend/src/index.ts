/**
 * The backend as a package (`@market/backend`): what the workers process is built from.
 * Modules and their services only; a module's tables stay behind its service.
 */
export { SmsTextSeal } from './auth/sms-text-seal';
export { loggerParams } from './common/logging';
export { AppConfig } from './config/app-config';
export { ConfigModule } from './config/config.module';
export { ConfigError, loadConfig, type Config } from './config/config.schema';
export { DatabaseModule } from './database/database.module';
export { DeviceSpecsModule } from './devices/device-specs.module';
export { DeviceSpecsService } from './devices/device-specs.service';
export { EventsModule } from './events/events.module';
export { OutboxService } from './events/outbox.service';
export { ChannelPostingModule } from './listings/channel-posting/channel-posting.module';
export { ChannelPostingService, type ListingToPost } from './listings/channel-posting/channel-posting.service';
export { ExchangeRateModule } from './listings/exchange-rate.module';
export { ExchangeRateService } from './listings/exchange-rate.service';
export { SellerListingsModule } from './listings/seller-listings/seller-listings.module';
export { SellerListingsService, type SellerListing } from './listings/seller-listings/seller-listings.service';
export { TelegramModule } from './telegram/telegram.module';
export { TelegramLinkService } from './telegram/telegram-link.service';
export { ImagesModule } from './uploads/images.module';
export { ImagesService } from './uploads/images.service';
