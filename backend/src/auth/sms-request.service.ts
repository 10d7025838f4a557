import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { smsTextSchema } from '@market/contracts';
import { OutboxService } from '../events/outbox.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { AUTH_LIMITS } from './auth.limits';
import { SmsTextSeal } from './sms-text-seal';

/**
 * Asks the workers to text a number ('sms.requested' through the outbox, so the SMS leaves
 * exactly when the caller's transaction commits), within the SMS limits per number and per IP.
 * The text is sealed: the outbox and the queue never hold its password or code in clear.
 */
@Injectable()
export class SmsRequestService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
    private readonly seal: SmsTextSeal,
  ) {}

  async request(transaction: EntityManager, phoneNumber: string, ip: string, text: string): Promise<void> {
    await this.limits.consumeAll([
      [AUTH_LIMITS.smsPerPhoneGap, phoneNumber],
      [AUTH_LIMITS.smsPerPhoneHour, phoneNumber],
      [AUTH_LIMITS.smsPerIp, ip],
    ]);
    const sealedText = this.seal.seal(phoneNumber, smsTextSchema.parse(text));
    await this.outbox.record(transaction, 'sms.requested', { phoneNumber, sealedText });
  }
}
