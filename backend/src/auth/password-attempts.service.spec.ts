import { randomInt } from 'node:crypto';
import { burst } from '../../../test/support/burst';
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
  const wrong = async () => false;
  const right = async () => true;
  const outcome = (attempt: Promise<boolean>) =>
    attempt.then(
      (isRight) => (isRight ? 'right' : 'wrong'),
      (error: AppException) => error.getStatus(),
    );

  beforeAll(async () => {
    redis = new RedisClient(config);
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    attempts = new PasswordAttemptsService(new RateLimitService(redis, config));
  });
  afterAll(() => redis.onApplicationShutdown());

  it('checks only the limit of a burst at one number from one address, and refuses the rest before checking them', async () => {
    const number = aNumber();
    let checked = 0;
    const outcomes = await burst(30, () =>
      outcome(
        attempts.attempt(number, '203.0.113.9', async () => {
          checked++;
          return false;
        }),
      ),
    );
    expect(checked).toBe(AUTH_LIMITS.passwordPerPhoneAndIp.points);
    expect(outcomes.filter((result) => result === 429)).toHaveLength(30 - AUTH_LIMITS.passwordPerPhoneAndIp.points);
  });

  it('checks one password of a number at a time', async () => {
    const number = aNumber();
    let running = 0;
    let most = 0;
    const slowCheck = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      return false;
    };
    await Promise.all(Array.from({ length: 4 }, (_, n) => outcome(attempts.attempt(number, `198.51.100.${n + 1}`, slowCheck))));
    expect(most).toBe(1);
  });

  it('refuses an address after its own failures on a number, and only that address', async () => {
    const number = aNumber();
    for (let n = 0; n < AUTH_LIMITS.passwordPerPhoneAndIp.points; n++) await attempts.attempt(number, '203.0.113.1', wrong);
    expect(await outcome(attempts.attempt(number, '203.0.113.1', right))).toBe(429);
    expect(await outcome(attempts.attempt(number, '198.51.100.7', right))).toBe('right');
  });

  it("keeps the owner's fresh address allowed after guesses from everywhere, and refuses each guessing address after one failure", async () => {
    const number = aNumber();
    for (let n = 0; n < AUTH_LIMITS.passwordPerPhone.points; n++) await attempts.attempt(number, `10.0.${n}.1`, wrong);
    expect(await outcome(attempts.attempt(number, '10.9.9.9', wrong))).toBe('wrong');
    expect(await outcome(attempts.attempt(number, '10.9.9.9', right))).toBe(429);
    expect(await outcome(attempts.attempt(number, '198.51.100.8', right))).toBe('right');
  });

  it("forgets an address's failures once the owner gets in from it", async () => {
    const number = aNumber();
    for (let n = 0; n < AUTH_LIMITS.passwordPerPhoneAndIp.points - 1; n++) await attempts.attempt(number, '203.0.113.2', wrong);
    expect(await outcome(attempts.attempt(number, '203.0.113.2', right))).toBe('right');
    for (let n = 0; n < AUTH_LIMITS.passwordPerPhoneAndIp.points - 1; n++) {
      expect(await outcome(attempts.attempt(number, '203.0.113.2', wrong))).toBe('wrong');
    }
  });

  it("paces an address past its budget instead of refusing a right password at a number it never tried", async () => {
    const address = `192.0.2.${randomInt(1, 250)}`;
    for (let n = 0; n < AUTH_LIMITS.passwordPerIp.points; n++) await attempts.attempt(aNumber(), address, wrong);
    const started = Date.now();
    expect(await outcome(attempts.attempt(aNumber(), address, right))).toBe('right');
    expect(await outcome(attempts.attempt(aNumber(), address, right))).toBe('right');
    // The second waited for its turn, one interval after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
  });
});
