import { randomInt } from 'node:crypto';
import { testConfig } from '../../../test/support/config';
import type { AppException } from '../common/app.exception';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { RedisClient } from '../redis/redis.module';
import { AUTH_LIMITS } from './auth.limits';
import { PasswordAttemptsService } from './password-attempts.service';

/** The service beside its rules: which address may still try a password for a number (AUTH_LIMITS, real Redis). */
describe('PasswordAttemptsService', () => {
  const config = testConfig();
  let redis: RedisClient;
  let attempts: PasswordAttemptsService;
  const aNumber = () => `99890${String(randomInt(10_000_000)).padStart(7, '0')}`;
  const status = (check: Promise<void>) =>
    check.then(
      () => 'allowed',
      (error: AppException) => error.getStatus(),
    );

  beforeAll(async () => {
    redis = new RedisClient(config);
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    attempts = new PasswordAttemptsService(new RateLimitService(redis, config));
  });
  afterAll(() => redis.onApplicationShutdown());

  it('refuses an address after its own failures on a number, and only that address', async () => {
    const number = aNumber();
    for (let n = 0; n < AUTH_LIMITS.passwordPerPhoneAndIp.points; n++) await attempts.recordFailure(number, '203.0.113.1');
    expect(await status(attempts.assertAllowed(number, '203.0.113.1'))).toBe(429);
    expect(await status(attempts.assertAllowed(number, '198.51.100.7'))).toBe('allowed');
  });

  it("keeps the owner's fresh address allowed after guesses from everywhere, and refuses each guessing address after one failure", async () => {
    const number = aNumber();
    for (let n = 0; n < AUTH_LIMITS.passwordPerPhone.points; n++) await attempts.recordFailure(number, `10.0.${n}.1`);
    expect(await status(attempts.assertAllowed(number, '198.51.100.8'))).toBe('allowed');
    await attempts.recordFailure(number, '10.9.9.9');
    expect(await status(attempts.assertAllowed(number, '10.9.9.9'))).toBe(429);
  });

  it("forgets an address's failures once the owner gets in from it, not the number's", async () => {
    const number = aNumber();
    for (let n = 0; n < AUTH_LIMITS.passwordPerPhoneAndIp.points; n++) await attempts.recordFailure(number, '203.0.113.2');
    await attempts.forgetFailures(number, '203.0.113.2');
    expect(await status(attempts.assertAllowed(number, '203.0.113.2'))).toBe('allowed');
  });
});
