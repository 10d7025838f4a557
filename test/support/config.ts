import { loadConfig, type Config } from '../../backend/src/config/config.schema';

/** The configuration a test process runs with: the run's own database and queue prefix (global-setup). */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  // Tests read their own writes at once: no reuse of public answers.
  return loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_CACHE_TTL_MS: '0', ...overrides });
}
