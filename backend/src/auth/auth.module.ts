import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TelegramModule } from '../telegram/telegram.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordAttemptsModule } from './password-attempts.module';
import { PhoneChangeController } from './phone-change.controller';
import { PhoneChangeService } from './phone-change.service';
import { PhoneVerificationModule } from './phone-verification.module';
import { Session } from './session.entity';
import { SessionGuard } from './session.guard';
import { SessionService } from './session.service';
import { SmsDeliveryController } from './sms-delivery.controller';
import { SmsDeliveryService } from './sms-delivery.service';
import { TelegramSignInService } from './telegram-sign-in.service';

/**
 * Sign-in (also the Telegram Mini App's), registration, password reset, sessions, and the confirmation of a new
 * phone number, which ends the account's other sessions and its Telegram link as a reset does; its global guard
 * enforces @SignedIn() and @AdminOnly().
 */
@Module({
  imports: [TypeOrmModule.forFeature([Session]), UsersModule, PhoneVerificationModule, PasswordAttemptsModule, TelegramModule],
  controllers: [AuthController, PhoneChangeController, SmsDeliveryController],
  providers: [AuthService, PhoneChangeService, SessionService, SmsDeliveryService, TelegramSignInService, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [SessionService],
})
export class AuthModule {}
