import { Logger } from '@nestjs/common';
import { SmsSender } from './sms-sender';

/**
 * Used when no Eskiz credentials are configured: the SMS is written to the workers' log
 * and sent nowhere. It is the only place a developer reads a sign-in password or code.
 */
export class DevelopmentSmsSender extends SmsSender {
  readonly name = 'development-log';
  private readonly logger = new Logger('DevelopmentSms');

  async send(phoneNumber: string, text: string): Promise<{ messageId: string | null }> {
    this.logger.warn(`DEVELOPMENT SMS (not sent: ESKIZ_EMAIL/ESKIZ_PASSWORD are not set) to +${phoneNumber}: ${text}`);
    return { messageId: null };
  }
}
