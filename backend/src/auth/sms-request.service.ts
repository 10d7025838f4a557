import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxService } from '../events/outbox.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { AUTH_LIMITS } from './auth.limits';

/**
 * Asks the workers to text a number ('sms.requested' through the outbox, so the SMS leaves
 * exactly when the caller's transaction commits), within the SMS limits per number and per IP.
 */
@Injectable()
export class SmsRequestService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly limits: RateLimitService,
  ) {}

  async request(transaction: EntityManager, phoneNumber: string, ip: string, text: string): Promise<void> {
    await this.limits.consumeAll([
      [AUTH_LIMITS.smsPerPhoneGap, phoneNumber],
      [AUTH_LIMITS.smsPerPhoneHour, phoneNumber],
      [AUTH_LIMITS.smsPerIp, ip],
    ]);
    await this.outbox.record(transaction, 'sms.requested', { phoneNumber, text });
  }
}
