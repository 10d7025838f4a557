import { spawn, type ChildProcess } from 'node:child_process';
import { DataSource } from 'typeorm';
import { startFakeGraph } from '../../test/fakes/graph-api';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { LOOPBACK_ONLY } from '../../test/support/config';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';
import { insertListing, insertTestDevice } from '../../test/support/listings';
import { expect, test } from '../support/fixtures';
import { BUILT_ENTRY_POINTS } from '../support/stack';

const LISTINGS = 6;
const CHANNELS = ['telegram', 'instagram', 'facebook'] as const;

/**
 * The workers process is killed with SIGKILL while it posts a burst of paid listings, then
 * started again: no channel ever gets a listing twice, and after the admin re-posts the
 * channels whose call was cut off before reaching them, every listing has exactly one post
 * on every channel.
 */
test.describe('workers killed mid-publication', () => {
  test('never post twice, and end with exactly one post per listing and channel', async () => {
    test.setTimeout(120_000);
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
      // Production workers start only with a card gateway: the sandbox's, as the browser tests' stack.
      PAYMENTS_SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      QUEUE_PREFIX: `crash_${runId}`,
      RELAY_POLL_MS: '50',
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: '4242:CRASH',
      TELEGRAM_CHANNEL_ID: '@telefonbozor',
      ...graph.channelsConfig,
    };
    // Their errors (a refused start) reach the test's output.
    const startWorkers = (): ChildProcess => spawn(process.execPath, [BUILT_ENTRY_POINTS.workers], { env, stdio: ['ignore', 'ignore', 'inherit'] });
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

      await expect
        .poll(() => telegram.callsOf('sendMediaGroup').length + graph.callsTo('feed').length, { message: 'posts under way', timeout: 30_000, intervals: [10] })
        .toBeGreaterThanOrEqual(2);
      workers.kill('SIGKILL');
      await new Promise((resolve) => workers.once('exit', resolve));
      workers = startWorkers();

      const settled = () =>
        expect(async () => {
          const rows: Array<{ posts: Record<string, { state: string }> }> = await dataSource.query(`SELECT posts FROM listing`);
          for (const { posts } of rows) for (const channel of CHANNELS) expect(['posted', 'failed']).toContain(posts[channel]?.state);
        }).toPass({ timeout: 60_000, intervals: [250] });
      await settled();

      // How many times each channel received each listing's post.
      const postsOf = async (listingId: string): Promise<Record<(typeof CHANNELS)[number], number>> => {
        const mentions = (text: unknown) => JSON.stringify(text).includes(listingId);
        const containers: Array<{ remote_id: string }> = await dataSource.query(
          `SELECT remote_id FROM channel_publication_step WHERE listing_id = $1 AND channel = 'instagram' AND step = 'container'`,
          [listingId],
        );
        return {
          telegram: telegram.callsOf('sendMediaGroup').filter((call) => mentions(call.body)).length,
          instagram: graph.callsTo('media_publish').filter((call) => containers.some((row) => row.remote_id === call.body.creation_id)).length,
          facebook: graph.callsTo('feed').filter((call) => mentions(call.body.message)).length,
        };
      };

      // Never twice. A call cut off before it reached the channel leaves no post and the channel
      // 'failed' with an unknown outcome; the admin checks the channel and posts again (what
      // POST /api/phone/confirm does: clear the attempt record, request the channel).
      for (const listingId of listingIds) {
        const posts = await postsOf(listingId);
        const missing = CHANNELS.filter((channel) => posts[channel] === 0);
        for (const channel of CHANNELS) expect(posts[channel]).toBeLessThanOrEqual(1);
        if (missing.length === 0) continue;
        const [{ posts: states }] = await dataSource.query(`SELECT posts FROM listing WHERE id = $1`, [listingId]);
        for (const channel of missing) expect(states[channel].state).toBe('failed');
        await dataSource.query(
          `DELETE FROM channel_publication_step WHERE listing_id = $1 AND channel = ANY($2) AND step LIKE '%-attempt'`,
          [listingId, missing],
        );
        await dataSource.query(
          `UPDATE listing SET posts = posts - $2::text[] WHERE id = $1`,
          [listingId, missing],
        );
        await dataSource.query(`INSERT INTO outbox_event (name, payload) VALUES ('listing.publish-requested', $1)`, [
          JSON.stringify({ listingId, channels: missing }),
        ]);
      }
      await settled();
      for (const listingId of listingIds) expect(await postsOf(listingId)).toEqual({ telegram: 1, instagram: 1, facebook: 1 });
    } finally {
      workers.kill('SIGKILL');
      await dataSource.destroy();
      await Promise.all([telegram.close(), graph.close()]);
      await dropTestDatabase(databaseName);
    }
  });
});
