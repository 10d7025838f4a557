import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PUBLIC_READ_TIMEOUT_MS, PublicReads } from '../src/database/public-reads';
import { DevicesService } from '../src/devices/devices.service';
import { listingsApp } from './listings-support';

/**
 * No class of public request can make another fail: public reads have a pool of their own with
 * a statement timeout, and searches take at most half of its connections.
 */
describe('public reads', () => {
  let app: INestApplication;
  const server = () => app.getHttpServer();

  beforeAll(async () => {
    app = await listingsApp({ DATABASE_POOL_SIZE: '2' });
  });
  afterAll(() => app.close());

  it('are cancelled after the statement timeout with a 503, and the connection serves the next read', async () => {
    const reads = app.get(PublicReads);
    const started = Date.now();
    await expect(reads.query(`SELECT pg_sleep($1)`, [(PUBLIC_READ_TIMEOUT_MS / 1000) * 3])).rejects.toMatchObject({ status: 503 });
    expect(Date.now() - started).toBeLessThan(PUBLIC_READ_TIMEOUT_MS + 1_000);
    await expect(reads.query(`SELECT 1 AS one`)).resolves.toEqual([{ one: 1 }]);
  });

  it('cannot write, and leave the main pool to those who do', async () => {
    await expect(app.get(PublicReads).query(`CREATE TEMPORARY TABLE nothing (id int) ON COMMIT DROP`)).rejects.toThrow(/read-only/);
    // The main pool is untouched by a long public read.
    const long = app.get(PublicReads).query(`SELECT pg_sleep(0.5)`);
    await expect(app.get(DataSource).query(`SELECT 1 AS one`)).resolves.toEqual([{ one: 1 }]);
    await long;
  });

  it('answers the feed at once while searches wait for their half of the connections', async () => {
    const devices = app.get(DevicesService);
    const searching = jest
      .spyOn(devices, 'listingModels')
      .mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve({ deviceIds: [], matched: [], closest: [] }), 400)));
    try {
      const started = Date.now();
      const searches = Promise.all(['a', 'b', 'c'].map((name) => request(server()).get('/api/phone').query({ name }).expect(200).then(() => Date.now() - started)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const feedStarted = Date.now();
      await request(server()).get('/api/phone').query({ region: 'andijon' }).expect(200);
      expect(Date.now() - feedStarted).toBeLessThan(300);
      // A pool of 2: one search at a time, each in its turn.
      expect((await searches).sort((a, b) => a - b)[2]).toBeGreaterThanOrEqual(3 * 400);
    } finally {
      searching.mockRestore();
    }
  });
});
