import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, escapeLiteral } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../backend/src/app.factory';
import { testConfig } from '../test/support/config';
import { eventually } from '../test/support/eventually';
import { insertListing, insertTestDevice } from '../test/support/listings';
import { chownTree, clusterOwner, freePort, startStreamingPair, stopClusters } from './scratch-cluster';

const MAX_LAG_MS = 1_000;
const METRICS_TOKEN = randomBytes(24).toString('hex');

interface ReplicaHealth {
  replica: string;
  lagSeconds: number | null;
  inUse: boolean;
}

/**
 * A streaming replica whose WAL receiver stops (its primary_conninfo emptied, as a network cut
 * or a wrong password would leave it) has replayed all it received: it looks in step from its
 * own side while the primary moves on. The API must leave it out of anonymous reads once the
 * primary's writes are past its bound, say so in /api/health, and take it back once it streams again.
 */
describe('drill: a replica cut off from its primary', () => {
  it('is left out of public reads and reported, a configured replica that does not answer too', async () => {
    const work = await mkdtemp(join(tmpdir(), 'replica-cut-'));
    const owner = await clusterOwner();
    if (owner) await chownTree(work, owner);
    const clusters: string[] = [];
    let app: INestApplication | undefined;
    const replica = { client: undefined as Client | undefined };
    try {
      const { primaryUrl, replicaUrl } = await startStreamingPair(owner, work, clusters);
      const unreachableUrl = `postgres://postgres@127.0.0.1:${await freePort()}/market`;
      app = await createApp(
        testConfig({
          DATABASE_URL: primaryUrl,
          DATABASE_REPLICA_URLS: `${replicaUrl},${unreachableUrl}`,
          DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
          METRICS_TOKEN,
        }),
      );
      await app.init();
      const server = app.getHttpServer();
      const primary = app.get(DataSource);
      await insertTestDevice(primary);
      const [{ id: sellerId }] = await primary.query(`INSERT INTO users (phone_number, name) VALUES ('998774019101', 'Anvar') RETURNING id`);
      const replicaHost = new URL(replicaUrl).host;
      const health = async () => (await request(server).get('/api/health').expect(200)).body as { status: string; replicas: ReplicaHealth[] };

      // The replica's lag is measured from the start, and within its bound.
      await eventually(async () => expect((await health()).replicas[0]).toEqual({ replica: replicaHost, lagSeconds: expect.any(Number), inUse: true }), 15_000, 250);

      replica.client = new Client({ connectionString: replicaUrl });
      await replica.client.connect();
      const [{ primary_conninfo: conninfo }] = (await replica.client.query('SHOW primary_conninfo')).rows;
      await replica.client.query(`ALTER SYSTEM SET primary_conninfo = ''`);
      await replica.client.query('SELECT pg_reload_conf()');
      await eventually(async () => expect((await replica.client!.query('SELECT count(*)::int AS n FROM pg_stat_wal_receiver')).rows[0].n).toBe(0), 15_000, 100);

      const listingId = await insertListing(primary, { authorId: sellerId, status: 'active', name: 'Cut Off Phone' });
      const cut = Date.now();
      // The replica answers, without the listing: from its own side it has replayed all it received.
      expect((await request(server).get(`/api/phone/${listingId}`)).status).toBe(404);
      await eventually(async () => expect((await request(server).get(`/api/phone/${listingId}`)).status).toBe(200), MAX_LAG_MS + 5_000, 100);
      expect(Date.now() - cut).toBeLessThan(MAX_LAG_MS + 3_000);
      const leftOut = await health();
      expect(leftOut.status).toBe('degraded');
      expect(leftOut.replicas).toEqual([
        { replica: replicaHost, lagSeconds: expect.any(Number), inUse: false },
        { replica: new URL(unreachableUrl).host, lagSeconds: null, inUse: false },
      ]);
      expect(leftOut.replicas[0].lagSeconds).toBeGreaterThan(MAX_LAG_MS / 1000);
      // The ReplicaLeftOut alert's series.
      const metrics = (await request(server).get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200)).text;
      expect(metrics).toContain(`public_read_replica_in_use{replica="${replicaHost}"} 0`);

      await replica.client.query(`ALTER SYSTEM SET primary_conninfo = ${escapeLiteral(conninfo)}`);
      await replica.client.query('SELECT pg_reload_conf()');
      await eventually(async () => expect((await health()).replicas[0]).toEqual({ replica: replicaHost, lagSeconds: expect.any(Number), inUse: true }), 20_000, 250);
    } finally {
      await replica.client?.end();
      await app?.close();
      await stopClusters(owner, clusters);
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
