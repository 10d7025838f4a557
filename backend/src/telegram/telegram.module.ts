import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TelegramController } from './telegram.controller';
import { TelegramLinkService } from './telegram-link.service';
import { TelegramLinkToken, TelegramSubscription } from './telegram-subscription.entity';

@Module({
  imports: [TypeOrmModule.forFeature([TelegramSubscription, TelegramLinkToken])],
  controllers: [TelegramController],
  providers: [TelegramLinkService],
  exports: [TelegramLinkService],
})
export class TelegramModule {}
