import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Pool, PoolClient } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { createApp } from '../backend/src/app.factory';
import { PUBLIC_READS } from '../backend/src/database/public-reads';
import { testConfig } from '../test/support/config';

/**
 * Every PostgreSQL connection of the API's pools is taken: requests that need the database are
 * answered 503 within the pool's wait (3 s) instead of hanging, and the API recovers as soon
 * as connections are free again. Public reads have a pool of their own: the main pool taken
 * (sign-ins, payments, moderation) leaves the feed answering.
 */
describe('drill: PostgreSQL connections exhausted', () => {
  it('answers 503 quickly and recovers', async () => {
    const app: INestApplication = await createApp(testConfig({ DATABASE_POOL_SIZE: '3' }));
    await app.init();
    const held: PoolClient[] = [];
    const hold = async (dataSource: DataSource) => {
      const pool = (dataSource.driver as PostgresDriver).master as Pool;
      for (let index = 0; index < 3; index++) held.push(await pool.connect());
    };
    try {
      await hold(app.get(DataSource));
      await request(app.getHttpServer()).get('/api/phone?page=1').expect(200);
      const health = await request(app.getHttpServer()).get('/api/health').expect(503);
      expect(health.body.database).toBe('down');

      await hold(app.get<DataSource>(getDataSourceToken(PUBLIC_READS)));
      const started = Date.now();
      const refused = await request(app.getHttpServer()).get('/api/phone?page=1').expect(503);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(refused.body.code).toBe('serviceUnavailable');

      for (const client of held.splice(0)) client.release();
      await request(app.getHttpServer()).get('/api/phone?page=1').expect(200);
    } finally {
      for (const client of held) client.release();
      await app.close();
    }
  });
});
