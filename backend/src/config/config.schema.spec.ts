import { ConfigError, loadConfig, redactUrl } from './config.schema';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe('development');
  });

  it('stops start-up with a message naming a wrong variable', () => {
    expect(() => loadConfig({ PORT: 'three thousand' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'three thousand' })).toThrow(/PORT/);
  });

  it('names every wrong variable at once', () => {
    try {
      loadConfig({ DATABASE_URL: 'mysql://localhost/db', BODY_LIMIT: 'huge' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as Error).message).toMatch(/DATABASE_URL/);
      expect((error as Error).message).toMatch(/BODY_LIMIT/);
    }
  });

  it('never repeats a password from a connection URL', () => {
    expect(redactUrl('postgres://app:s3cret@db:5432/market')).toBe('postgres://app:***@db:5432/market');
  });
});
