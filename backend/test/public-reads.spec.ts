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

  it('send any other query with its values in its text, each value as it was given', async () => {
    const tricky = "O'Brien \\ '); DROP TABLE listing; -- $2";
    const [row] = await app.get(PublicReads).query<Record<string, unknown>>(
      `SELECT $1::text AS text, $2::int AS number, $3::text[] AS list, $4::boolean AS yes, $5::text AS nothing, $6::bigint AS big`,
      [tricky, -7, ['a"b', 'c\\d', "e'f", 'g,h'], true, null, 90_000_000_000],
    );
    expect(row).toEqual({ text: tricky, number: -7, list: ['a"b', 'c\\d', "e'f", 'g,h'], yes: true, nothing: null, big: '90000000000' });
  });

  it('plan a prepared text once for every value (a name search was planned afresh at every request)', async () => {
    const reads = app.get(PublicReads);
    // One of the two connections sleeps: every read below is on the other, the session that prepared the text.
    const asleep = reads.query(`SELECT pg_sleep(1)`);
    const text = `SELECT l.id FROM listing l WHERE l.device_id = ANY($1::uuid[]) ORDER BY l.created_at DESC LIMIT $2`;
    for (let run = 0; run < 6; run++) await reads.query(text, [['00000000-0000-4000-8000-000000000000'], 12 + run], { prepared: true });
    const plans = await reads.query<{ generic: number; custom: number }>(
      `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1`,
      [text],
    );
    expect(plans).toEqual([{ generic: 6, custom: 0 }]);
    await asleep;
  });
});
