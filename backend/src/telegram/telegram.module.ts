import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { TelegramController } from './telegram.controller';
import { TelegramLinkService } from './telegram-link.service';
import { TelegramContact, TelegramLinkToken, TelegramSubscription } from './telegram-subscription.entity';

@Module({
  // The link's account is named by its number in the bot's question before a chat is linked to it.
  imports: [TypeOrmModule.forFeature([TelegramSubscription, TelegramLinkToken, TelegramContact]), UsersModule],
  controllers: [TelegramController],
  providers: [TelegramLinkService],
  exports: [TelegramLinkService],
})
export class TelegramModule {}
