import { Module } from '@nestjs/common';
import { SmsSendingService } from './sms-sending.service';
import { SmsTextSeal } from './sms-text-seal';

/** For the workers' SMS jobs: opening the sealed texts, and recording each send in sms_delivery. */
@Module({
  providers: [SmsSendingService, SmsTextSeal],
  exports: [SmsSendingService, SmsTextSeal],
})
export class SmsSendingModule {}
