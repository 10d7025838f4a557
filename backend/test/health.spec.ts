import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { testConfig } from '../../test/support/config';
import { startPrivateRedis } from '../../test/support/redis-server';
import { startTcpProxy, throughProxy } from '../../test/support/tcp-proxy';

describe('/api/health when a dependency is down', () => {
  it('answers 503 naming the database when PostgreSQL is unreachable, and recovers', async () => {
    const config = testConfig();
    const target = new URL(config.DATABASE_URL);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const app: INestApplication = await createApp({ ...config, DATABASE_URL: throughProxy(config.DATABASE_URL, proxy.port) });
    await app.init();
    try {
      proxy.cut();
      const down = await request(app.getHttpServer()).get('/api/health').expect(503);
      expect(down.body).toEqual({ status: 'unavailable', database: 'down', redis: 'up' });

      proxy.restore();
      await request(app.getHttpServer()).get('/api/health').expect(200);
    } finally {
      await app.close();
      await proxy.close();
    }
  });

  it('answers 503 naming Redis when Redis is unreachable', async () => {
    const redis = await startPrivateRedis();
    const app: INestApplication = await createApp({ ...testConfig(), REDIS_URL: redis.url });
    await app.init();
    try {
      await request(app.getHttpServer()).get('/api/health').expect(200);
      await redis.stop();
      const down = await request(app.getHttpServer()).get('/api/health').expect(503);
      expect(down.body).toEqual({ status: 'unavailable', database: 'up', redis: 'down' });
    } finally {
      await app.close();
      await redis.stop();
    }
  });
});
