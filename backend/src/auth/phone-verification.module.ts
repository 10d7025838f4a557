import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { OneTimeCodeService } from './one-time-codes.service';
import { SmsRequestService } from './sms-request.service';

/** SMS codes and SMS requests, shared by sign-in (AuthModule) and the phone change in settings (UsersModule). */
@Module({
  imports: [EventsModule],
  providers: [OneTimeCodeService, SmsRequestService],
  exports: [OneTimeCodeService, SmsRequestService],
})
export class PhoneVerificationModule {}
