import { loadConfig, type Config } from '../../backend/src/config/config.schema';

/** The configuration a test process runs with: the run's own database and queue prefix (global-setup). */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
}
