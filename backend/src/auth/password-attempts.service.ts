import { Injectable } from '@nestjs/common';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { AUTH_LIMITS } from './auth.limits';

/** The counters of one number's wrong passwords from one address. */
function numberAtAddress(phoneNumber: string, ip: string): string {
  return `${phoneNumber}@${ip}`;
}

/**
 * Wrong passwords, counted per number and address, per address, and per number (AUTH_LIMITS).
 * An address is refused for its own failures; the number's count refuses only addresses that
 * have failed on it, so guessing from elsewhere never locks the owner out.
 */
@Injectable()
export class PasswordAttemptsService {
  constructor(private readonly limits: RateLimitService) {}

  /** 429 when this address may not try a password for this number now. */
  async assertAllowed(phoneNumber: string, ip: string): Promise<void> {
    const here = numberAtAddress(phoneNumber, ip);
    await this.limits.assertAvailable(AUTH_LIMITS.passwordPerPhoneAndIp, here);
    await this.limits.assertAvailable(AUTH_LIMITS.passwordPerIp, ip);
    if ((await this.limits.used(AUTH_LIMITS.passwordPerPhoneAndIp, here)) > 0) {
      await this.limits.assertAvailable(AUTH_LIMITS.passwordPerPhone, phoneNumber);
    }
  }

  async recordFailure(phoneNumber: string, ip: string): Promise<void> {
    await this.limits.record(AUTH_LIMITS.passwordPerPhoneAndIp, numberAtAddress(phoneNumber, ip));
    await this.limits.record(AUTH_LIMITS.passwordPerIp, ip);
    await this.limits.record(AUTH_LIMITS.passwordPerPhone, phoneNumber);
  }

  /**
   * The owner got in from this address (their password, or an SMS code): its failures on the
   * number are forgotten. The number's count stays: it measures guessing from everywhere.
   */
  async forgetFailures(phoneNumber: string, ip: string): Promise<void> {
    await this.limits.reset(AUTH_LIMITS.passwordPerPhoneAndIp, numberAtAddress(phoneNumber, ip));
  }
}
