import type { INestApplication } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { createApp } from '../backend/src/app.factory';
import { testConfig } from '../test/support/config';

/**
 * Every PostgreSQL connection of the API's pool is taken: requests that need the database are
 * answered 503 within the pool's wait (3 s) instead of hanging, and the API recovers as soon
 * as connections are free again.
 */
describe('drill: PostgreSQL connections exhausted', () => {
  it('answers 503 quickly and recovers', async () => {
    const app: INestApplication = await createApp(testConfig({ DATABASE_POOL_SIZE: '3' }));
    await app.init();
    const held: PoolClient[] = [];
    try {
      const pool = (app.get(DataSource).driver as PostgresDriver).master as Pool;
      for (let index = 0; index < 3; index++) held.push(await pool.connect());

      const started = Date.now();
      const refused = await request(app.getHttpServer()).get('/api/phone?page=1').expect(503);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(refused.body.code).toBe('serviceUnavailable');
      const health = await request(app.getHttpServer()).get('/api/health').expect(503);
      expect(health.body.database).toBe('down');

      for (const client of held.splice(0)) client.release();
      await request(app.getHttpServer()).get('/api/phone?page=1').expect(200);
    } finally {
      for (const client of held) client.release();
      await app.close();
    }
  });
});
