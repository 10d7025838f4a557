import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TelegramModule } from '../telegram/telegram.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordAttemptsService } from './password-attempts.service';
import { PhoneVerificationModule } from './phone-verification.module';
import { Session } from './session.entity';
import { SessionGuard } from './session.guard';
import { SessionService } from './session.service';
import { SmsDeliveryController } from './sms-delivery.controller';
import { SmsDeliveryService } from './sms-delivery.service';
import { TelegramSignInService } from './telegram-sign-in.service';

/** Sign-in (also the Telegram Mini App's), registration, password reset and sessions; its global guard enforces @SignedIn() and @AdminOnly(). */
@Module({
  imports: [TypeOrmModule.forFeature([Session]), UsersModule, PhoneVerificationModule, TelegramModule],
  controllers: [AuthController, SmsDeliveryController],
  providers: [AuthService, PasswordAttemptsService, SessionService, SmsDeliveryService, TelegramSignInService, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [SessionService],
})
export class AuthModule {}
