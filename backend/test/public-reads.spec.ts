import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { chownTree, clusterOwner, startStreamingPair, stopClusters, withClient, type Owner } from '../../drills/scratch-cluster';
import { eventually } from '../../test/support/eventually';
import { insertListing, insertTestDevice } from '../../test/support/listings';
import { createSignedInUser } from '../../test/support/users';
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

  it("let a read given its own bound (the sitemap's walk of every listing) run past the timeout, and only that read", async () => {
    const reads = app.get(PublicReads);
    const pastTheTimeout = PUBLIC_READ_TIMEOUT_MS / 1000 + 0.5;
    await expect(reads.query(`SELECT pg_sleep($1) AS slept`, [pastTheTimeout], { timeoutMs: PUBLIC_READ_TIMEOUT_MS * 3 })).resolves.toEqual([{ slept: '' }]);
    // Both connections of the pool are back on the usual bound.
    await expect(Promise.all([1, 2].map(() => reads.query(`SELECT pg_sleep($1)`, [pastTheTimeout])))).rejects.toMatchObject({ status: 503 });
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

/**
 * The pages the issue names as public reads, for an anonymous visitor, come from a replica
 * (DATABASE_REPLICA_URLS). The replica here is a streaming replica whose replay was paused before
 * the seller renamed themself and put a second phone on sale: one that has not replayed those
 * changes yet, within its lag bound. What a page shows tells which of the two answered it.
 */
describe('public reads with a replica', () => {
  const clusters: string[] = [];
  let work: string;
  let owner: Owner | null;
  let app: INestApplication;
  let sellerId: string;
  /** On sale before the replay paused: on both. */
  let onBoth: string;
  /** Put on sale after: on the primary only. */
  let onPrimaryOnly: string;
  const server = () => app.getHttpServer();

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'public-reads-replica-'));
    owner = await clusterOwner();
    if (owner) await chownTree(work, owner);
    const { primaryUrl, replicaUrl } = await startStreamingPair(owner, work, clusters);
    const dist = mkdtempSync(join(tmpdir(), 'frontend-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="uz"><head><title>Telefon bozor</title></head><body><div id="root"></div></body></html>');
    app = await listingsApp({
      DATABASE_URL: primaryUrl,
      DATABASE_REPLICA_URLS: replicaUrl,
      // The paused replica stays in use: what it lacks is within this bound.
      DATABASE_REPLICA_MAX_LAG_MS: '600000',
      SERVE_FRONTEND: 'true',
      FRONTEND_DIST: dist,
      PUBLIC_URL: 'https://telefonbozor.example',
    });
    const database = app.get(DataSource);
    await insertTestDevice(database);
    [{ id: sellerId }] = await database.query(`INSERT INTO users (phone_number, name) VALUES ('998774019001', 'Anvar') RETURNING id`);
    onBoth = await insertListing(database, { authorId: sellerId, status: 'active', name: 'Replica Phone 1', photos: 0 });
    await withClient(replicaUrl, async (replica) => {
      const [{ lsn }] = await database.query(`SELECT pg_current_wal_lsn()::text AS lsn`);
      await eventually(async () => expect((await replica.query(`SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed`, [lsn])).rows[0].replayed).toBe(true));
      await replica.query('SELECT pg_wal_replay_pause()');
    });
    await database.query(`UPDATE users SET name = 'Anvar Karimov' WHERE id = $1`, [sellerId]);
    onPrimaryOnly = await insertListing(database, { authorId: sellerId, status: 'active', name: 'Replica Phone 2', photos: 0 });
    // The replica is read once its lag has been measured.
    await eventually(async () => expect((await request(server()).get(`/api/sellers/${sellerId}`).expect(200)).body.name).toBe('Anvar'));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await stopClusters(owner, clusters);
    rmSync(work, { recursive: true, force: true });
  });

  it("answers an anonymous visitor's seller page and signals from the replica, a signed-in person's from the primary", async () => {
    const page = await request(server()).get(`/api/seller/${sellerId}`).expect(200);
    expect({ name: page.body.name, phones: page.body.phones.map((card: { _id: string }) => card._id) }).toEqual({ name: 'Anvar', phones: [onBoth] });
    expect((await request(server()).get(`/api/sellers/${sellerId}`).expect(200)).body.name).toBe('Anvar');
    await request(server()).get(`/api/sellers/${sellerId}/reviews`).expect(200);

    const buyer = await createSignedInUser(app);
    const seen = await request(server()).get(`/api/seller/${sellerId}`).set('Cookie', buyer.cookie).expect(200);
    expect({ name: seen.body.name, phones: seen.body.phones.map((card: { _id: string }) => card._id).sort() }).toEqual({
      name: 'Anvar Karimov',
      phones: [onBoth, onPrimaryOnly].sort(),
    });
    expect((await request(server()).get(`/api/sellers/${sellerId}`).set('Cookie', buyer.cookie).expect(200)).body.name).toBe('Anvar Karimov');
  });

  it("builds a crawler's sitemap and a shared link's preview from the replica", async () => {
    const sitemap = (await request(server()).get('/sitemap-1.xml').expect(200)).text;
    expect(sitemap).toContain(`/phone/${onBoth}<`);
    expect(sitemap).not.toContain(onPrimaryOnly);

    const titleOf = async (id: string) => /<title>([^<]*)<\/title>/.exec((await request(server()).get(`/phone/${id}`).expect(200)).text)?.[1];
    expect(await titleOf(onBoth)).toMatch(/^Replica Phone 1, /);
    // Not on the replica yet: the page keeps the site's own head.
    expect(await titleOf(onPrimaryOnly)).toBe('Telefon bozor');
  });
});
