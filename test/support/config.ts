import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../backend/src/config/config.schema';

/**
 * Outside services a test does not fake itself point at a closed loopback port: no test
 * ever sends traffic beyond this machine. (Tests also read their own writes at once: no
 * reuse of public answers.)
 */
export const LOOPBACK_ONLY = {
  EXCHANGE_RATE_URL: 'http://127.0.0.1:9/exchange-rate',
  SPEC_SOURCE_URL: 'http://127.0.0.1:9',
  DEVICE_SPECS_REFRESH_PER_MINUTE: '0',
  // Not a service: one key per test process, shared by the API and the workers it runs or starts.
  SMS_SECRET_KEY: randomBytes(32).toString('base64'),
  IMEI_SECRET_KEY: randomBytes(32).toString('base64'),
};

/** The fiscal item of the tests' Payme cashbox (a Payme API refuses to start without one). */
export const TEST_CASHBOX = { PAYME_FISCAL_CODE: '10305008002000000', PAYME_PACKAGE_CODE: '1545643', PAYME_VAT_PERCENT: '12' };

/** Tests stand behind a reverse proxy on this machine: each chooses its visitors' addresses with X-Forwarded-For. */
const BEHIND_LOCAL_PROXY = { TRUST_PROXY: 'loopback' };

/** Test files post many listings per seller; listing-floods.spec tests the daily caps at their defaults. */
const MANY_LISTINGS = { LISTINGS_PER_DAY: '1000', LISTINGS_PER_DAY_NEW_ACCOUNT: '1000' };

/** The configuration a test process runs with: the run's own database and queue prefix (global-setup). */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ ...process.env, ...LOOPBACK_ONLY, ...TEST_CASHBOX, ...BEHIND_LOCAL_PROXY, ...MANY_LISTINGS, NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_CACHE_TTL_MS: '0', ...overrides });
}
