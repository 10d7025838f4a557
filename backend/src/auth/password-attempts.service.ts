import { HttpStatus, Injectable } from '@nestjs/common';
import { AppException } from '../common/app.exception';
import { OneAtATimePerKey } from '../common/concurrency-limit';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { AUTH_LIMITS, PASSWORD_PACE } from './auth.limits';

/** The counters of one number's attempts from one address. */
function numberAtAddress(phoneNumber: string, ip: string): string {
  return `${phoneNumber}@${ip}`;
}

function isTooMany(error: unknown): boolean {
  return error instanceof AppException && error.getStatus() === HttpStatus.TOO_MANY_REQUESTS;
}

/**
 * Password attempts, each consumed before its password is checked (AUTH_LIMITS): per number and
 * address, per number, per address. Of a burst sent at once, only the limits' number are checked.
 */
@Injectable()
export class PasswordAttemptsService {
  /** One number's passwords are checked one at a time: a burst at one account is a queue, not a CPU attack. */
  private readonly checksPerNumber = new OneAtATimePerKey();

  constructor(private readonly limits: RateLimitService) {}

  /**
   * Runs `check` as this address's attempt at this number once the limits allow it: 429 past the
   * number-and-address limit, or past the number's limit for an address that already tried it;
   * past the address's own budget it waits its turn (PASSWORD_PACE). A right password gives the
   * attempt back and forgets this address's failures on the number.
   */
  async attempt(phoneNumber: string, ip: string, check: () => Promise<boolean>): Promise<boolean> {
    const here = numberAtAddress(phoneNumber, ip);
    const triesHere = await this.limits.consume(AUTH_LIMITS.passwordPerPhoneAndIp, here);
    try {
      await this.limits.consume(AUTH_LIMITS.passwordPerPhone, phoneNumber);
    } catch (refusal) {
      if (triesHere > 1 || !isTooMany(refusal)) throw refusal;
    }
    if (!(await this.limits.tryConsume(AUTH_LIMITS.passwordPerIp, ip))) await this.limits.pace(PASSWORD_PACE, ip);
    const right = await this.checksPerNumber.run(phoneNumber, check);
    if (right) {
      await this.limits.refund(AUTH_LIMITS.passwordPerPhone, phoneNumber);
      await this.limits.refund(AUTH_LIMITS.passwordPerIp, ip);
      await this.forgetFailures(phoneNumber, ip);
    }
    return right;
  }

  /**
   * The owner got in from this address (their password, or an SMS code): its failures on the
   * number are forgotten. The number's count stays: it measures guessing from everywhere.
   */
  async forgetFailures(phoneNumber: string, ip: string): Promise<void> {
    await this.limits.reset(AUTH_LIMITS.passwordPerPhoneAndIp, numberAtAddress(phoneNumber, ip));
  }
}
