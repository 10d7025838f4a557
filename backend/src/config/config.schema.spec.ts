import { ConfigError, loadConfig, redactUrl } from './config.schema';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe('development');
  });

  it('places the site on the configured port unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
    expect(loadConfig({ PORT: '4000', PUBLIC_URL: 'https://telefonbozor.uz' }).PUBLIC_URL).toBe('https://telefonbozor.uz');
  });

  it('believes forwarded addresses only from the configured proxies', () => {
    expect(loadConfig({}).TRUST_PROXY('127.0.0.1', 0)).toBe(false);
    const local = loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY;
    expect([local('127.0.0.1', 0), local('10.1.2.3', 1), local('203.0.113.9', 0)]).toEqual([true, true, false]);
    const oneHop = loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY;
    expect([oneHop('203.0.113.9', 0), oneHop('203.0.113.9', 1)]).toEqual([true, false]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'not-an-address' })).toThrow(/TRUST_PROXY/);
  });

  it('takes only Uzbek mobile numbers as admins, as every phone number', () => {
    expect(loadConfig({ ADMIN_PHONES: '+998 90 123-45-67, 998771234567' }).ADMIN_PHONES).toEqual(['998901234567', '998771234567']);
    expect(() => loadConfig({ ADMIN_PHONES: '447911123456' })).toThrow(/ADMIN_PHONES.*phoneNotUzbekMobile/);
  });

  it('sends Instagram calls to the host of its token\'s login, and refuses to start with a token of the other login', () => {
    expect(loadConfig({}).INSTAGRAM_GRAPH_API_URL).toBe('https://graph.facebook.com/v25.0');
    const instagramLogin = { INSTAGRAM_ACCESS_TOKEN: 'IGAAT0k3n', INSTAGRAM_GRAPH_API_URL: 'https://graph.instagram.com/v25.0' };
    expect(loadConfig(instagramLogin).INSTAGRAM_GRAPH_API_URL).toBe('https://graph.instagram.com/v25.0');
    expect(loadConfig({ INSTAGRAM_ACCESS_TOKEN: 'EAAGt0k3n' }).INSTAGRAM_GRAPH_API_URL).toBe('https://graph.facebook.com/v25.0');
    expect(() => loadConfig({ INSTAGRAM_ACCESS_TOKEN: 'IGAAT0k3n' })).toThrow(/INSTAGRAM_GRAPH_API_URL.*graph\.instagram\.com/);
    expect(() => loadConfig({ ...instagramLogin, INSTAGRAM_ACCESS_TOKEN: 'EAAGt0k3n' })).toThrow(/INSTAGRAM_GRAPH_API_URL.*graph\.facebook\.com/);
  });

  it('keeps queues and cached limits on REDIS_URL unless each is given its own Redis', () => {
    const one = loadConfig({ REDIS_URL: 'redis://redis:6379' });
    expect([one.REDIS_QUEUE_URL, one.REDIS_CACHE_URL]).toEqual(['redis://redis:6379', 'redis://redis:6379']);
    const apart = loadConfig({ REDIS_URL: 'redis://redis:6379', REDIS_QUEUE_URL: 'redis://queues:6379', REDIS_CACHE_URL: 'redis://cache:6379' });
    expect([apart.REDIS_QUEUE_URL, apart.REDIS_CACHE_URL]).toEqual(['redis://queues:6379', 'redis://cache:6379']);
  });

  it('reads public pages from the primary unless replicas are named', () => {
    expect(loadConfig({}).DATABASE_REPLICA_URLS).toEqual([]);
    expect(loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1:5432/market, postgres://r2:5432/market' }).DATABASE_REPLICA_URLS).toEqual([
      'postgres://r1:5432/market',
      'postgres://r2:5432/market',
    ]);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'mysql://r1/market' })).toThrow(/DATABASE_REPLICA_URLS/);
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
