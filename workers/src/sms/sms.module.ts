import { BullModule } from '@nestjs/bullmq';
import { Logger, Module } from '@nestjs/common';
import { AppConfig, EventsModule, smsDeliveryReportUrl, SmsSendingModule } from '@market/backend';
import { QUEUES } from '@market/contracts';
import { DevelopmentSmsSender } from './development-sms.sender';
import { EskizSmsSender } from './eskiz-sms.sender';
import { SmsProcessor } from './sms.processor';
import { SmsSender } from './sms-sender';

/** Eskiz when its e-mail and password are configured, the development log otherwise. */
export function createSmsSender(config: AppConfig): SmsSender {
  if (config.ESKIZ_EMAIL && config.ESKIZ_PASSWORD) {
    return new EskizSmsSender({
      baseUrl: config.ESKIZ_BASE_URL,
      email: config.ESKIZ_EMAIL,
      password: config.ESKIZ_PASSWORD,
      from: config.ESKIZ_FROM,
      timeoutMs: config.ESKIZ_TIMEOUT_MS,
      callbackUrl: config.ESKIZ_CALLBACK_SECRET ? smsDeliveryReportUrl(config.PUBLIC_URL, config.ESKIZ_CALLBACK_SECRET) : '',
    });
  }
  new Logger('SmsModule').warn('No ESKIZ_EMAIL/ESKIZ_PASSWORD: SMS are written to this log (DEVELOPMENT SMS), not sent');
  return new DevelopmentSmsSender();
}

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.sms }), EventsModule, SmsSendingModule],
  providers: [{ provide: SmsSender, inject: [AppConfig], useFactory: createSmsSender }, SmsProcessor],
})
export class SmsModule {}
