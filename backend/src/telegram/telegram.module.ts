import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TelegramController } from './telegram.controller';
import { TelegramLinkService } from './telegram-link.service';
import { TelegramContact, TelegramLinkToken, TelegramSubscription } from './telegram-subscription.entity';

@Module({
  imports: [TypeOrmModule.forFeature([TelegramSubscription, TelegramLinkToken, TelegramContact])],
  controllers: [TelegramController],
  providers: [TelegramLinkService],
  exports: [TelegramLinkService],
})
export class TelegramModule {}
