// bench:fanout's alert part (`npm run bench:fanout -- --part alerts [--searches 10000 --approvals 1000]`, or
// ALERT_BENCH_SEARCHES / ALERT_BENCH_APPROVALS): buyers with Telegram linked keep `searches` saved searches
// (made in the database: a realistic mix of model names, brands, regions and price bounds), then `approvals`
// listings are approved through `POST /api/phone/confirm`, and the workers of the production build send the
// instant alerts to a fake Telegram Bot API holding the real limits, unscaled: 30 messages a second for the
// bot, 1 a second into one chat, 429 with retry_after. The alerts expected are computed here from the data
// alone (which search matches which listing by its brand, models, region and price in so'm), not by the
// product's matcher; printed: the time to the last alert against the floor Telegram allows, approval-to-alert
// p50/p95, the 429s, and the lost and duplicated alerts (both must be 0).
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { LISTING_REGIONS, QUEUES } from '@market/contracts';
import { startFakeTelegram } from '../test/fakes/telegram-bot-api';
import { approveAll, benchEnv, createSession, deleteQueueKeys, percentile, REDIS_URL, seconds } from './lib/fanout-support';
import { zipf } from './lib/long-tail.mjs';
import { databaseUrl, migrate, recreateDatabase, startApi, startWorkers } from './lib/stack.mjs';

export interface AlertFanoutOptions {
  searches: number;
  approvals: number;
  /** Approvals in flight at once. */
  concurrency: number;
  database: string;
  timeoutMinutes: number;
}

/** Telegram's documented limits (core.telegram.org/bots/faq), which the fake enforces here unscaled. */
const BOT_MESSAGES_PER_SECOND = 30;
/** How steeply the catalogue's models' popularity falls (Zipf's exponent): the first of 645 models has 5 % of the listings. */
const MODEL_POPULARITY = 0.7;
const LISTING_IN_TEXT = /\/phone\/([0-9a-f-]{36})/;
/** The dollar's rate the bench's listings in dollars are priced at in so'm (price_uzs). */
const SOM_PER_DOLLAR = 12_800;
const INSERTED_AT_ONCE = 1000;

interface Model {
  id: string;
  name: string;
  categoryId: string;
  /** A typical asking price in so'm: listings of the model and buyers' bounds scatter around it. */
  price: number;
}

interface Search {
  id: string;
  userId: string;
  query: Record<string, string | number>;
  categoryId: string | null;
  region: string | null;
  /** The models the query's name meant, as the API stored them when saving that name. */
  deviceIds: string[] | null;
  alerts: 'instant' | 'daily' | 'off';
}

interface Listing {
  id: string;
  model: Model;
  region: string;
  valut: 'uzs' | 'usd';
  price: number;
  priceUzs: number;
}

const kinds = (searches: Search[], test: (query: Search['query']) => boolean) => searches.filter((search) => test(search.query)).length;
const between = (low: number, high: number) => low + Math.random() * (high - low);
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Regions by share of listings: Tashkent first, the rest a long tail. */
const regionDraw = (() => {
  const byShare = ['toshkent', 'samarqand', 'fargona', 'andijon', 'namangan', 'buxoro', 'qashqadaryo', 'surxondaryo', 'xorazm', 'navoiy', 'jizzax', 'sirdaryo', 'qoraqalpogiston'];
  if (byShare.some((region) => !LISTING_REGIONS.some((known) => known.id === region))) throw new Error('A region the bench names is not a listing region');
  const draw = zipf(byShare.length, 1.1);
  return () => byShare[draw()];
})();

/** Does the search's feed show the listing? Its conditions, read from the data (not the product's matcher). */
function matches(search: Search, listing: Listing): boolean {
  const { query } = search;
  return (
    (search.categoryId === null || search.categoryId === listing.model.categoryId) &&
    (search.region === null || search.region === listing.region) &&
    (search.deviceIds === null || search.deviceIds.includes(listing.model.id)) &&
    (query.minPrice === undefined || listing.priceUzs >= Number(query.minPrice)) &&
    (query.maxPrice === undefined || listing.priceUzs <= Number(query.maxPrice))
  );
}

/**
 * One buyer's search. Phones are sought by model: most name one (its catalogue name) in their region, many
 * with a ceiling; some a model anywhere within a price band; a few a brand in their region within a band, or
 * anything in their region within a band. The model and the bounds follow what is offered (the same
 * popularity), as buyers look for what sells.
 */
function drawQuery(models: Model[], drawModel: () => number): Record<string, string | number> {
  const model = models[drawModel()];
  const kind = Math.random();
  const query: Record<string, string | number> = {};
  if (kind < 0.75) {
    query.name = model.name;
    query.region = regionDraw();
    if (Math.random() < 0.6) query.maxPrice = roundTo(model.price * between(0.8, 1.15), 100_000);
    if (Math.random() < 0.2) query.minPrice = roundTo(model.price * between(0.5, 0.8), 100_000);
  } else if (kind < 0.85) {
    query.name = model.name;
    query.minPrice = roundTo(model.price * between(0.7, 0.9), 100_000);
    query.maxPrice = roundTo(model.price * between(0.9, 1.05), 100_000);
  } else if (kind < 0.95) {
    query.brand = model.categoryId;
    query.region = regionDraw();
    query.minPrice = roundTo(model.price * between(0.85, 1), 100_000);
    query.maxPrice = roundTo(model.price * between(1, 1.15), 100_000);
  } else {
    query.region = regionDraw();
    query.minPrice = roundTo(model.price * between(0.95, 1), 100_000);
    query.maxPrice = roundTo(model.price * between(1, 1.05), 100_000);
  }
  return query;
}

/** The catalogue's models (seeded by the API's first start) in a random popularity order, each with a typical price. */
async function popularModels(dataSource: DataSource): Promise<Model[]> {
  const rows: Array<{ id: string; name: string; category_id: string }> = await dataSource.query(`SELECT id, name, category_id FROM devices ORDER BY random()`);
  // From 1.2 to 18 million so'm, spread evenly on a log scale.
  return rows.map((row) => ({ id: row.id, name: row.name, categoryId: row.category_id, price: roundTo(1_200_000 * 15 ** Math.random(), 100_000) }));
}

/**
 * The models each name means, as the API stores them when a buyer saves the name (DevicesService.listingModels):
 * each name saved once through `POST /api/user/saved-searches` by a user of its own, read back, and removed.
 */
async function modelsNamed(dataSource: DataSource, baseUrl: string, names: string[]): Promise<Map<string, string[] | null>> {
  const resolver = await createSession(dataSource, '998760000000');
  const meant = new Map<string, string[] | null>();
  for (const name of names) {
    const response = await fetch(`${baseUrl}/api/user/saved-searches`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: resolver.cookie },
      body: JSON.stringify({ query: { name }, alerts: 'off' }),
    });
    if (!response.ok) throw new Error(`Saving a search for ${name} answered ${response.status}: ${await response.text()}`);
    // A DELETE answers its rows and their count.
    const [[row]] = await dataSource.query(`DELETE FROM saved_search WHERE user_id = $1 RETURNING device_ids`, [resolver.id]);
    meant.set(name, row.device_ids);
  }
  await dataSource.query(`DELETE FROM users WHERE id = $1`, [resolver.id]);
  return meant;
}

/** Buyers (1 to 20 searches each, 4 on average; 9 in 10 with Telegram linked) and their searches: 85 % instant alerts, 10 % daily, 5 % off. */
function drawBuyers(models: Model[], namedModels: Map<string, string[] | null>, count: number) {
  const drawModel = zipf(models.length, MODEL_POPULARITY);
  const users: Array<{ id: string; phoneNumber: string; chatId: number | null; language: string }> = [];
  const searches: Search[] = [];
  while (searches.length < count) {
    const user = {
      id: randomUUID(),
      phoneNumber: `99875${String(users.length).padStart(7, '0')}`,
      chatId: Math.random() < 0.9 ? 5_000_000 + users.length : null,
      language: ['uz', 'uz', 'ru', 'en'][Math.floor(Math.random() * 4)],
    };
    users.push(user);
    const wanted = Math.min(20, count - searches.length, 1 + Math.floor(-Math.log(1 - Math.random()) * 3));
    const seen = new Set<string>();
    while (seen.size < wanted) {
      const query = drawQuery(models, drawModel);
      const stored = JSON.stringify(Object.fromEntries(Object.entries(query).sort(([a], [b]) => a.localeCompare(b))));
      if (seen.has(stored)) continue;
      seen.add(stored);
      const alerts = Math.random();
      searches.push({
        id: randomUUID(),
        userId: user.id,
        query: JSON.parse(stored),
        categoryId: typeof query.brand === 'string' ? query.brand : null,
        region: typeof query.region === 'string' ? query.region : null,
        deviceIds: typeof query.name === 'string' ? (namedModels.get(query.name) ?? null) : null,
        alerts: alerts < 0.85 ? 'instant' : alerts < 0.95 ? 'daily' : 'off',
      });
    }
  }
  return { users, searches };
}

async function insertBuyers(dataSource: DataSource, { users, searches }: ReturnType<typeof drawBuyers>): Promise<void> {
  for (let start = 0; start < users.length; start += INSERTED_AT_ONCE) {
    const batch = users.slice(start, start + INSERTED_AT_ONCE);
    await dataSource.query(
      `INSERT INTO users (id, phone_number, name, phone_confirmed) SELECT id, phone, 'Bench buyer', true FROM unnest($1::uuid[], $2::text[]) AS u(id, phone)`,
      [batch.map((user) => user.id), batch.map((user) => user.phoneNumber)],
    );
    const linked = batch.filter((user) => user.chatId !== null);
    await dataSource.query(`INSERT INTO telegram_subscription (user_id, chat_id, language) SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[])`, [
      linked.map((user) => user.id),
      linked.map((user) => user.chatId),
      linked.map((user) => user.language),
    ]);
  }
  for (let start = 0; start < searches.length; start += INSERTED_AT_ONCE) {
    const batch = searches.slice(start, start + INSERTED_AT_ONCE);
    await dataSource.query(
      `INSERT INTO saved_search (id, user_id, query, category_id, region, device_ids, alerts)
       SELECT id, user_id, query, category_id, region, device_ids::uuid[], alerts
         FROM unnest($1::uuid[], $2::uuid[], $3::jsonb[], $4::uuid[], $5::text[], $6::text[], $7::text[])
           AS s(id, user_id, query, category_id, region, device_ids, alerts)`,
      [
        batch.map((search) => search.id),
        batch.map((search) => search.userId),
        batch.map((search) => JSON.stringify(search.query)),
        batch.map((search) => search.categoryId),
        batch.map((search) => search.region),
        batch.map((search) => (search.deviceIds ? `{${search.deviceIds.join(',')}}` : null)),
        batch.map((search) => search.alerts),
      ],
    );
  }
}

/** Listings waiting for moderation (free tariff: no channel posts), of the popular models by the same popularity, 1 in 5 priced in dollars. */
async function insertWaitingListings(dataSource: DataSource, models: Model[], count: number): Promise<Listing[]> {
  const { id: sellerId } = await createSession(dataSource, '998770000002');
  const drawModel = zipf(models.length, MODEL_POPULARITY);
  const listings: Listing[] = Array.from({ length: count }, () => {
    const model = models[drawModel()];
    const priceUzs = roundTo(model.price * between(0.7, 1.25), 10_000);
    const valut = Math.random() < 0.2 ? 'usd' : 'uzs';
    const price = valut === 'usd' ? Math.round(priceUzs / SOM_PER_DOLLAR) : priceUzs;
    return { id: randomUUID(), model, region: regionDraw(), valut, price, priceUzs: valut === 'usd' ? price * SOM_PER_DOLLAR : priceUzs };
  });
  for (let start = 0; start < listings.length; start += INSERTED_AT_ONCE) {
    const batch = listings.slice(start, start + INSERTED_AT_ONCE);
    await dataSource.query(
      `INSERT INTO listing (id, author_id, device_id, category_id, name, price, valut, price_uzs, region, description,
                            phone_number, status, tarif, ram, storage, color)
       SELECT id, $1, device_id, category_id, name, price, valut, price_uzs, region, 'Yaxshi holatda, quti bor',
              '998901112233', 'waiting', 0, '8GB', '128GB', 'Black'
         FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::bigint[], $7::text[], $8::bigint[], $9::text[])
           AS l(id, device_id, category_id, name, price, valut, price_uzs, region)`,
      [
        sellerId,
        batch.map((listing) => listing.id),
        batch.map((listing) => listing.model.id),
        batch.map((listing) => listing.model.categoryId),
        batch.map((listing) => listing.model.name),
        batch.map((listing) => listing.price),
        batch.map((listing) => listing.valut),
        batch.map((listing) => listing.priceUzs),
        batch.map((listing) => listing.region),
      ],
    );
  }
  return listings;
}

/** Answers whether the part failed: an alert lost or duplicated. */
export async function runAlertFanout(options: AlertFanoutOptions): Promise<boolean> {
  const url = databaseUrl(options.database);
  await recreateDatabase(options.database);
  migrate(url);
  const telegram = await startFakeTelegram();
  const queuePrefix = `bench_alerts_${process.pid}`;
  const env = benchEnv(url, queuePrefix, telegram.url);
  // The API seeds the catalogue at its first start.
  const api = await startApi(env);
  const workers = await startWorkers({ ...env, PUBLIC_URL: api.baseUrl });
  const dataSource = await new DataSource({ type: 'postgres', url }).initialize();
  const alertQueue = new Queue(QUEUES.buyerAlerts, { connection: { url: REDIS_URL }, prefix: queuePrefix });
  try {
    const { cookie } = await createSession(dataSource, '998770000001', 'admin');
    const models = await popularModels(dataSource);
    const namedModels = await modelsNamed(dataSource, api.baseUrl, models.map((model) => model.name));
    const buyers = drawBuyers(models, namedModels, options.searches);
    await insertBuyers(dataSource, buyers);
    const listings = await insertWaitingListings(dataSource, models, options.approvals);
    console.log(
      `Alerts: ${buyers.searches.length} saved searches of ${buyers.users.length} buyers (${buyers.users.filter((user) => user.chatId !== null).length} with Telegram linked): ` +
        `${kinds(buyers.searches, (query) => 'name' in query && 'region' in query)} a model in a region, ` +
        `${kinds(buyers.searches, (query) => 'name' in query && !('region' in query))} a model in a price band, ` +
        `${kinds(buyers.searches, (query) => 'brand' in query)} a brand in a region and band, ` +
        `${kinds(buyers.searches, (query) => !('brand' in query) && !('name' in query))} a region and band; ` +
        `${buyers.searches.filter((search) => search.alerts === 'instant').length} with instant alerts`,
    );

    const approvalsStarted = Date.now();
    const approvedAt = await approveAll(api.baseUrl, cookie, listings.map((listing) => listing.id), options.concurrency);
    const approvalSeconds = (Date.now() - approvalsStarted) / 1000;
    console.log(`Approvals: ${approvedAt.size} in ${approvalSeconds.toFixed(1)} s (${Math.round(approvedAt.size / approvalSeconds)}/s), ${options.concurrency} at a time`);

    // A price in dollars is in so'm at the rate stored when the listing is matched: read as approved.
    const stored: Array<{ id: string; price_uzs: string }> = await dataSource.query(`SELECT id, price_uzs FROM listing WHERE id = ANY($1)`, [
      listings.map((listing) => listing.id),
    ]);
    const priceUzs = new Map(stored.map((row) => [row.id, Number(row.price_uzs)]));
    for (const listing of listings) listing.priceUzs = priceUzs.get(listing.id)!;
    // What should reach whom, from the data alone: per chat and listing, one alert per matching instant search.
    const chatOf = new Map(buyers.users.filter((user) => user.chatId !== null).map((user) => [user.id, String(user.chatId)]));
    const expected = new Map<string, number>();
    const perChat = new Map<string, number>();
    let matched = 0;
    for (const listing of listings) {
      for (const search of buyers.searches) {
        if (!matches(search, listing)) continue;
        matched++;
        const chat = chatOf.get(search.userId);
        if (search.alerts !== 'instant' || chat === undefined) continue;
        expected.set(`${chat} ${listing.id}`, (expected.get(`${chat} ${listing.id}`) ?? 0) + 1);
        perChat.set(chat, (perChat.get(chat) ?? 0) + 1);
      }
    }
    const expectedAlerts = [...expected.values()].reduce((sum, count) => sum + count, 0);
    const busiestChat = Math.max(0, ...perChat.values());
    // Telegram's floor: the bot's 30 a second, and one chat's 1 a second for the buyer told most often.
    const floorMs = Math.max((expectedAlerts / BOT_MESSAGES_PER_SECOND) * 1000, (busiestChat - 1) * 1000);
    console.log(
      `${matched} matches; ${expectedAlerts} instant alerts expected into ${perChat.size} chats (at most ${busiestChat} into one); ` +
        `Telegram's floor ${seconds(floorMs)} s`,
    );

    /** Alerts that reached a chat (answered 200), per chat and listing, with the first one's time. */
    function delivered() {
      const counts = new Map<string, { count: number; firstAt: number }>();
      for (const call of telegram.callsOf('sendMessage')) {
        if (call.answer?.status !== 200) continue;
        const listingId = LISTING_IN_TEXT.exec(String(call.body.text))?.[1];
        if (!listingId) continue;
        const pair = `${call.body.chat_id} ${listingId}`;
        const seen = counts.get(pair);
        counts.set(pair, seen ? { count: seen.count + 1, firstAt: Math.min(seen.firstAt, call.receivedAt) } : { count: 1, firstAt: call.receivedAt });
      }
      return counts;
    }
    const reached = (counts: ReturnType<typeof delivered>) =>
      [...expected].reduce((sum, [pair, count]) => sum + Math.min(count, counts.get(pair)?.count ?? 0), 0);

    const deadline = approvalsStarted + options.timeoutMinutes * 60_000;
    let settledChecks = 0;
    let lastReport = Date.now();
    let timedOut = false;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const sofar = reached(delivered());
      if (Date.now() - lastReport >= 30_000) {
        lastReport = Date.now();
        const [{ done }] = await dataSource.query(`SELECT count(DISTINCT listing_id)::int AS done FROM saved_search_match WHERE alerted_at IS NOT NULL`);
        console.log(`  ${seconds(Date.now() - approvalsStarted)} s: ${sofar} of ${expectedAlerts} alerts delivered; listings with an alert sent: ${done}`);
      }
      if (sofar >= expectedAlerts) break;
      if (Date.now() > deadline) {
        timedOut = true;
        break;
      }
      // Nothing left to run (every event dispatched, no job waiting, running or delayed): the rest never comes.
      const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM outbox_event WHERE dispatched_at IS NULL`);
      const jobs = await alertQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      settledChecks = count === 0 && Object.values(jobs).every((n) => n === 0) ? settledChecks + 1 : 0;
      if (settledChecks >= 3) break;
    }
    // Anything sent twice shows within the next seconds: a late retry of a job sending again.
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const counts = delivered();
    const deliveredUnique = reached(counts);
    const lost = expectedAlerts - deliveredUnique;
    const duplicated = [...counts].reduce((sum, [pair, { count }]) => sum + Math.max(0, count - (expected.get(pair) ?? 0)), 0);
    const firstApproval = Math.min(...approvedAt.values());
    const listingOf = (pair: string) => pair.split(' ')[1];
    const latencies = [...counts].filter(([pair]) => expected.has(pair)).map(([pair, { firstAt }]) => firstAt - approvedAt.get(listingOf(pair))!).sort((a, b) => a - b);
    const lastAlert = Math.max(firstApproval, ...[...counts.values()].map(({ firstAt }) => firstAt), ...telegram.callsOf('sendMessage').filter((call) => call.answer?.status === 200).map((call) => call.receivedAt));
    const [{ recorded, alerted }] = await dataSource.query(
      `SELECT count(*)::int AS recorded, count(alerted_at)::int AS alerted FROM saved_search_match WHERE listing_id = ANY($1)`,
      [listings.map((listing) => listing.id)],
    );
    const jobs = await alertQueue.getJobCounts('failed', 'waiting', 'active', 'delayed', 'prioritized');
    const unfinished = jobs.waiting + jobs.active + jobs.delayed + jobs.prioritized;
    const refused = telegram.callsOf('sendMessage').filter((call) => call.answer?.status === 429).length;
    console.table([
      {
        searches: buyers.searches.length,
        approvals: approvedAt.size,
        'matches expected': matched,
        'matches recorded': recorded,
        'alerts expected': expectedAlerts,
        delivered: deliveredUnique,
        lost,
        duplicated,
        'last alert s': seconds(lastAlert - firstApproval),
        'floor s': seconds(floorMs),
        'p50 s': seconds(percentile(latencies, 0.5)),
        'p95 s': seconds(percentile(latencies, 0.95)),
        '429s': refused,
        'failed jobs': jobs.failed,
        'jobs left': unfinished,
      },
    ]);
    if (timedOut) {
      console.log(
        `Timed out after ${options.timeoutMinutes} minutes with ${unfinished} approvals' jobs not finished: their alerts are not sent yet, ` +
          `counted as lost above only for want of time (a longer --timeoutMinutes tells)`,
      );
    }
    console.log(
      `Alerts: the last ${seconds(lastAlert - firstApproval)} s after the first approval (floor ${seconds(floorMs)} s: ${expectedAlerts} alerts at ` +
        `${BOT_MESSAGES_PER_SECOND}/s); ${deliveredUnique} of ${expectedAlerts} delivered, lost ${lost}, duplicated ${duplicated}; ` +
        `matches ${recorded} recorded of ${matched} expected, ${alerted} marked alerted; Telegram 429 × ${refused}; failed jobs ${jobs.failed}`,
    );
    if (jobs.failed) {
      const failed = await alertQueue.getJobs(['failed'], 0, 4);
      for (const job of failed) console.log(`  failed ${job.name} ${job.id} after ${job.attemptsMade} attempts: ${job.failedReason}`);
    }
    return lost > 0 || duplicated > 0;
  } finally {
    await workers.stop();
    await api.stop();
    await alertQueue.close();
    await dataSource.destroy();
    await telegram.close();
    await deleteQueueKeys(queuePrefix);
  }
}
