// `npm run bench:fanout [-- --part all|channels|alerts --listings 1000 --scale 0.03]`, two parts.
// Channels: paid listings approved through the API as
// fast as it takes them, posted by the workers of the production build to fake Telegram and Graph
// servers that enforce the platforms' limits (Telegram's 20 messages a minute into a channel, an
// album counting each photo; Instagram's 50 posts in a moving 24 hours; containers that take time).
// Every window, the fakes' and the workers' pacing alike, is multiplied by `scale` so the run takes
// minutes, not hours: a real channel's times are the printed ones divided by `scale`. Prints per
// channel the time to the last post, approval-to-post p50/p95, the 429s and throttling answers
// received, the lost and duplicated posts (both must be 0), and Instagram's posts left queued.
// Alerts (bench/fanout-alerts.ts): buyers' saved-search alerts against Telegram's real limits.
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUES, SOCIAL_CHANNELS, type SocialChannel } from '@market/contracts';
import { startFakeGraph } from '../test/fakes/graph-api';
import type { RecordedCall } from '../test/fakes/http-fake';
import { startFakeTelegram } from '../test/fakes/telegram-bot-api';
import { insertListing } from '../test/support/listings';
import { runAlertFanout } from './fanout-alerts';
import { parseArgs } from './lib/args.mjs';
import { approveAll, benchEnv, createSession, deleteQueueKeys, percentile, REDIS_URL, seconds } from './lib/fanout-support';
import { databaseUrl, migrate, recreateDatabase, requireBuild, startApi, startWorkers } from './lib/stack.mjs';

const options = parseArgs({
  /** channels: the channel posts; alerts: buyers' saved-search alerts; all: both, one after the other. */
  part: 'all',
  listings: 1000,
  /** Approvals in flight at once. */
  concurrency: 20,
  database: 'market_bench_fanout',
  /** One factor for every platform window, in the fakes and in the workers' pacing (CHANNEL_PACING_TIME_SCALE). */
  scale: 0.03,
  /** How long an Instagram container takes to reach FINISHED (not scaled: the workers poll it in real time). */
  processingMs: 1000,
  timeoutMinutes: 30,
  /** Alerts: saved searches made, and listings approved, against Telegram's real limits (never scaled). */
  searches: Number(process.env.ALERT_BENCH_SEARCHES ?? 10_000),
  approvals: Number(process.env.ALERT_BENCH_APPROVALS ?? 1000),
});
const LISTING_IN_TEXT = /\/phone\/([0-9a-f-]{36})/;
/** Instagram's API-published posts per account in a moving 24 hours (the fake's and the workers' default). */
const INSTAGRAM_POSTS_PER_DAY = 50;
/** Graph's answers that mean "wait": throttling (4, 17, 32, 613, 80000-80014) and the publishing limit (9). */
const GRAPH_WAIT_CODES = [4, 9, 17, 32, 613, ...Array.from({ length: 15 }, (_, index) => 80_000 + index)];

interface ChannelPost {
  listingId: string;
  channel: SocialChannel;
  postedAt: number;
}

const key = (listingId: string, channel: SocialChannel) => `${listingId} ${channel}`;
const succeeded = (call: RecordedCall) => call.answer?.status === 200;
const listingMentioned = (value: unknown) => LISTING_IN_TEXT.exec(JSON.stringify(value ?? ''))?.[1] ?? 'unknown';

async function insertWaitingPaidListings(dataSource: DataSource, count: number): Promise<string[]> {
  const [seller] = await dataSource.query(
    `INSERT INTO users (phone_number, name, phone_confirmed) VALUES ('998770000002', 'Bench seller', true) RETURNING id`,
  );
  const ids: string[] = [];
  while (ids.length < count) {
    const batch = Math.min(10, count - ids.length);
    ids.push(...(await Promise.all(Array.from({ length: batch }, () => insertListing(dataSource, { authorId: seller.id, tarif: 1 })))));
  }
  return ids;
}

/** The channel part: answers whether it failed (a post lost or duplicated). */
async function runChannelFanout(): Promise<boolean> {
  const url = databaseUrl(options.database);
  await recreateDatabase(options.database);
  migrate(url);

  const [telegram, graph] = await Promise.all([
    startFakeTelegram(undefined, { timeScale: options.scale }),
    startFakeGraph({ timeScale: options.scale, processingMs: options.processingMs }),
  ]);

  /** Every successful posting call the fakes received: Telegram's album, Instagram's media_publish, the Page's feed post. */
  function channelPosts(): ChannelPost[] {
    const containers = new Map(graph.callsTo('media').filter(succeeded).map((call) => [(call.answer!.body as { id: string }).id, call]));
    return [
      ...[...telegram.callsOf('sendMediaGroup'), ...telegram.callsOf('sendPhoto')]
        .filter(succeeded)
        .map((call) => ({ call, channel: 'telegram' as const, text: call.body.media ?? call.body.caption })),
      ...graph.callsTo('media_publish').filter(succeeded).map((call) => ({
        call,
        channel: 'instagram' as const,
        text: containers.get(String(call.body.creation_id))?.body.caption,
      })),
      ...graph.callsTo('feed').filter(succeeded).map((call) => ({ call, channel: 'facebook' as const, text: call.body.message })),
    ].map(({ call, channel, text }) => ({ listingId: listingMentioned(text), channel, postedAt: call.receivedAt }));
  }

  const queuePrefix = `bench_fanout_${process.pid}`;
  const env = {
    ...benchEnv(url, queuePrefix, telegram.url),
    TELEGRAM_CHANNEL_ID: '@telefonbozor',
    ...graph.channelsConfig,
    CHANNEL_PACING_TIME_SCALE: String(options.scale),
  };
  // The API seeds the brands and devices the listings need at its first start.
  const api = await startApi(env);
  const workers = await startWorkers({ ...env, PUBLIC_URL: api.baseUrl });
  const dataSource = await new DataSource({ type: 'postgres', url }).initialize();
  const socialQueue = new Queue(QUEUES.social, { connection: { url: REDIS_URL }, prefix: queuePrefix });
  let failed = false;
  try {
    const { cookie } = await createSession(dataSource, '998770000001', 'admin');
    const listingIds = await insertWaitingPaidListings(dataSource, options.listings);
    console.log(`${options.listings} waiting paid listings × ${SOCIAL_CHANNELS.length} channels; approvals ${options.concurrency} at a time`);
    console.log(
      `Platform windows × ${options.scale} (a Telegram minute lasts ${seconds(60_000 * options.scale)} s, an Instagram day ` +
        `${seconds(86_400_000 * options.scale)} s), in the fakes and in the workers' pacing alike; containers finish in ${options.processingMs} ms`,
    );

    const approvalsStarted = Date.now();
    const approvedAt = await approveAll(api.baseUrl, cookie, listingIds, options.concurrency);
    const firstApproval = Math.min(...approvedAt.values());
    const approvalSeconds = (Date.now() - approvalsStarted) / 1000;
    console.log(`Approvals: ${approvedAt.size} in ${approvalSeconds.toFixed(1)} s (${Math.round(approvedAt.size / approvalSeconds)}/s)`);

    // Instagram posts its 50 of the moving day; the rest wait, queued with the time they are due.
    const instagramNow = Math.min(listingIds.length, INSTAGRAM_POSTS_PER_DAY);
    const expected = listingIds.length * (SOCIAL_CHANNELS.length - 1) + instagramNow;
    const deadline = Date.now() + options.timeoutMinutes * 60_000;
    let settledChecks = 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const posted = new Set(channelPosts().map((post) => key(post.listingId, post.channel))).size;
      const [{ queued }] = await dataSource.query(
        `SELECT count(*)::int AS queued FROM listing WHERE id = ANY($1) AND posts->'instagram'->>'state' = 'queued' AND posts->'instagram'->>'eta' IS NOT NULL`,
        [listingIds],
      );
      if ((posted >= expected && queued >= listingIds.length - instagramNow) || Date.now() > deadline) break;
      // Nothing left to run (every event dispatched, no job waiting or running): the rest never comes.
      const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM outbox_event WHERE dispatched_at IS NULL`);
      const jobs = await socialQueue.getJobCounts('waiting', 'active', 'prioritized');
      settledChecks = count === 0 && Object.values(jobs).every((n) => n === 0) ? settledChecks + 1 : 0;
      if (settledChecks >= 3 && posted >= expected - listingIds.length) break;
    }

    const posts = channelPosts();
    const firstPostAt = new Map<string, number>();
    const postCount = new Map<string, number>();
    for (const post of posts) {
      const postKey = key(post.listingId, post.channel);
      postCount.set(postKey, (postCount.get(postKey) ?? 0) + 1);
      firstPostAt.set(postKey, Math.min(firstPostAt.get(postKey) ?? Infinity, post.postedAt));
    }
    const queuedRows: Array<{ id: string; eta: string }> = await dataSource.query(
      `SELECT id, posts->'instagram'->>'eta' AS eta FROM listing WHERE id = ANY($1) AND posts->'instagram'->>'state' = 'queued' AND posts->'instagram'->>'eta' IS NOT NULL ORDER BY eta`,
      [listingIds],
    );
    const queuedOnInstagram = new Set(queuedRows.map((row) => row.id));
    const missing = listingIds.flatMap((id) =>
      SOCIAL_CHANNELS.filter((channel) => !firstPostAt.has(key(id, channel)) && !(channel === 'instagram' && queuedOnInstagram.has(id))).map((channel) => ({ id, channel })),
    );
    const duplicated = [...postCount.values()].filter((count) => count > 1).length;
    const unknown = posts.filter((post) => !approvedAt.has(post.listingId)).length;

    const latencies = (channels: readonly SocialChannel[]) =>
      listingIds
        .flatMap((id) => channels.filter((channel) => firstPostAt.has(key(id, channel))).map((channel) => firstPostAt.get(key(id, channel))! - approvedAt.get(id)!))
        .sort((a, b) => a - b);
    const rows = [...SOCIAL_CHANNELS.map((channel) => [channel, [channel]] as const), ['all', SOCIAL_CHANNELS] as const].map(([label, channels]) => {
      const sorted = latencies(channels);
      return { channel: label, posts: sorted.length, 'p50 s': seconds(percentile(sorted, 0.5)), 'p95 s': seconds(percentile(sorted, 0.95)), 'max s': seconds(sorted.at(-1) ?? NaN) };
    });
    console.table(rows);

    for (const channel of SOCIAL_CHANNELS) {
      const times = [...firstPostAt.entries()].filter(([postKey]) => postKey.endsWith(` ${channel}`)).map(([, at]) => at);
      const last = Math.max(firstApproval, ...times);
      console.log(`${channel}: last post ${seconds(last - firstApproval)} s after the first approval (a real channel: ${seconds((last - firstApproval) / options.scale)} s)`);
    }
    const lastPost = Math.max(firstApproval, ...firstPostAt.values());
    const telegram429 = telegram.calls.filter((call) => call.answer?.status === 429).length;
    const graphThrottled = graph.calls.filter((call) => GRAPH_WAIT_CODES.includes((call.answer?.body as { error?: { code?: number } })?.error?.code ?? 0)).length;
    console.log(`Time from the first approval to the last post: ${seconds(lastPost - firstApproval)} s`);
    console.log(`Rate-limit answers received: Telegram 429 × ${telegram429}, Graph throttling or publishing limit × ${graphThrottled}`);
    if (queuedRows.length) {
      const lastEta = Date.parse(queuedRows.at(-1)!.eta);
      console.log(
        `Instagram: ${instagramNow} posted, ${queuedRows.length} queued with their times; the last is due ${seconds(lastEta - Date.now())} s from now ` +
          `(a real account: ${(((lastEta - Date.now()) / options.scale) / 86_400_000).toFixed(1)} days)`,
      );
    }
    console.log(`Posts: ${firstPostAt.size} of ${expected}; lost: ${missing.length}; duplicated: ${duplicated}${unknown ? `; of unknown listings: ${unknown}` : ''}`);
    if (missing.length) {
      const states: Array<{ id: string; posts: Record<string, { state?: string; reason?: string | null }> }> = await dataSource.query(
        `SELECT id, posts FROM listing WHERE id = ANY($1)`,
        [[...new Set(missing.map((post) => post.id))]],
      );
      const stateOf = new Map(states.map((row) => [row.id, row.posts]));
      console.log('Missing (first 20), with the state the workers stored:');
      for (const { id, channel } of missing.slice(0, 20)) {
        const post = stateOf.get(id)?.[channel];
        console.log(`  ${id} ${channel}: ${post?.state ?? 'no state'}${post?.reason ? ` (${post.reason})` : ''}`);
      }
    }
    failed = missing.length > 0 || duplicated > 0;
  } finally {
    await workers.stop();
    await api.stop();
    await socialQueue.close();
    await dataSource.destroy();
    await Promise.all([telegram.close(), graph.close()]);
    await deleteQueueKeys(queuePrefix);
  }
  return failed;
}

async function main(): Promise<void> {
  requireBuild(['backend/dist/main.js', 'workers/dist/main.js']);
  if (!['all', 'channels', 'alerts'].includes(options.part)) throw new Error(`--part is all, channels or alerts, not ${options.part}`);
  let failed = false;
  if (options.part !== 'alerts') failed = (await runChannelFanout()) || failed;
  if (options.part !== 'channels') {
    failed =
      (await runAlertFanout({
        searches: options.searches,
        approvals: options.approvals,
        concurrency: options.concurrency,
        database: `${options.database}_alerts`,
        timeoutMinutes: options.timeoutMinutes,
      })) || failed;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
