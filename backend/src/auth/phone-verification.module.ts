import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { OneTimeCodeService } from './one-time-codes.service';
import { SmsRequestService } from './sms-request.service';
import { SmsTextSeal } from './sms-text-seal';

/** SMS codes and SMS requests, shared by sign-in (AuthModule) and the phone change in settings (UsersModule). */
@Module({
  imports: [EventsModule],
  providers: [OneTimeCodeService, SmsRequestService, SmsTextSeal],
  exports: [OneTimeCodeService, SmsRequestService],
})
export class PhoneVerificationModule {}
