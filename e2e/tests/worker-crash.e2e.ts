import { spawn, type ChildProcess } from 'node:child_process';
import { DataSource } from 'typeorm';
import { startFakeGraph } from '../../test/fakes/graph-api';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { LOOPBACK_ONLY } from '../../test/support/config';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';
import { eventually } from '../../test/support/eventually';
import { insertListing, insertTestDevice } from '../../test/support/listings';
import { BUILT_ENTRY_POINTS } from '../support/stack';

const LISTINGS = 6;
const CHANNELS = ['telegram', 'instagram', 'facebook'] as const;

/**
 * The workers process is killed with SIGKILL while it posts a burst of paid listings, then
 * started again: every listing ends with exactly one post on every channel. A post whose
 * call was cut off is never sent a second time (it may end 'failed' with an unknown outcome
 * for an admin to check, but its post exists once).
 */
describe('workers killed mid-publication', () => {
  it('end with exactly one post per listing and channel', async () => {
    const runId = uniqueRunId();
    const databaseName = `market_e2e_crash_${runId}`;
    const databaseUrl = await createTestDatabase(databaseName);
    const dataSource = await new DataSource({ type: 'postgres', url: databaseUrl }).initialize();
    const [telegram, graph] = await Promise.all([startFakeTelegram(), startFakeGraph()]);
    // The posting calls take effect at once but answer late: a kill lands while they are in flight.
    telegram.slowDown(/sendMediaGroup$/, 400);
    graph.slowDown(/(media_publish|feed)$/, 400);
    const env = {
      ...process.env,
      ...LOOPBACK_ONLY,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      QUEUE_PREFIX: `crash_${runId}`,
      RELAY_POLL_MS: '50',
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: '4242:CRASH',
      TELEGRAM_CHANNEL_ID: '@telefonbozor',
      GRAPH_API_URL: graph.url,
      INSTAGRAM_USER_ID: '17841',
      INSTAGRAM_ACCESS_TOKEN: 'ig',
      FACEBOOK_PAGE_ID: '555',
      FACEBOOK_PAGE_TOKEN: 'fb',
    };
    const startWorkers = (): ChildProcess => spawn(process.execPath, [BUILT_ENTRY_POINTS.workers], { env, stdio: 'ignore' });
    let workers = startWorkers();
    try {
      await insertTestDevice(dataSource);
      const [seller] = await dataSource.query(`INSERT INTO users (phone_number, name, phone_confirmed) VALUES ('998770000001', 'Seller', true) RETURNING id`);
      const listingIds: string[] = [];
      for (let index = 0; index < LISTINGS; index++) {
        const listingId = await insertListing(dataSource, { authorId: seller.id, status: 'active', tarif: 1 });
        listingIds.push(listingId);
        await dataSource.query(`INSERT INTO outbox_event (name, payload) VALUES ('listing.publish-requested', $1)`, [
          JSON.stringify({ listingId, channels: CHANNELS }),
        ]);
      }

      await eventually(async () => expect(telegram.callsOf('sendMediaGroup').length + graph.callsTo('feed').length).toBeGreaterThanOrEqual(2), 30_000, 10);
      workers.kill('SIGKILL');
      await new Promise((resolve) => workers.once('exit', resolve));
      workers = startWorkers();

      await eventually(
        async () => {
          const rows: Array<{ posts: Record<string, { state: string }> }> = await dataSource.query(`SELECT posts FROM listing`);
          for (const { posts } of rows) for (const channel of CHANNELS) expect(['posted', 'failed']).toContain(posts[channel]?.state);
        },
        60_000,
        250,
      );

      for (const listingId of listingIds) {
        const mentions = (text: unknown) => JSON.stringify(text).includes(listingId);
        expect(telegram.callsOf('sendMediaGroup').filter((call) => mentions(call.body))).toHaveLength(1);
        expect(graph.callsTo('feed').filter((call) => mentions(call.body.message))).toHaveLength(1);
      }
      // One media_publish per listing: containers are created once per listing (resumed after the restart).
      expect(graph.callsTo('media_publish')).toHaveLength(LISTINGS);
    } finally {
      workers.kill('SIGKILL');
      await dataSource.destroy();
      await Promise.all([telegram.close(), graph.close()]);
      await dropTestDatabase(databaseName);
    }
  }, 120_000);
});
