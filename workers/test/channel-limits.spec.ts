import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { createServer } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TelegramLinkService, type Config } from '@market/backend';
import { QUEUES } from '@market/contracts';
import { createApp } from '../../backend/src/app.factory';
import { startFakeGraph, type GraphLimits } from '../../test/fakes/graph-api';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { WEBHOOK_ANSWER_MS } from '../src/bot/seller-bot.service';
import { TelegramPacing } from '../src/pacing/telegram-pacing';
import { WorkersModule } from '../src/workers.module';

/** The API and the workers on their own database and queues, with the platforms' windows shrunk by `timeScale` on both sides. */
async function startStack(name: string, overrides: Partial<Record<keyof Config, string>>) {
  const database = await ownTestDatabase(name);
  const config = testConfig({
    DATABASE_URL: database.url,
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_${name}`,
    RELAY_POLL_MS: '50',
    DEVICE_SPECS_REFRESH_PER_MINUTE: '0',
    ...overrides,
  });
  const api = await createApp(config);
  await api.init();
  const workers = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { logger: false });
  await workers.init();
  const admin = await createSignedInUser(api, { role: 'admin' });
  return { database, api, workers, admin, config, dataSource: api.get(DataSource) };
}

async function stopStack(stack: { api: INestApplication; workers: INestApplicationContext; database: { drop(): Promise<void> } } | undefined) {
  await stack?.workers.close();
  await stack?.api.close();
  await stack?.database.drop();
}

type Stack = Awaited<ReturnType<typeof startStack>>;
type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;

/** A stack posting to Instagram through a fake Graph, the platform's time shrunk by `timeScale` on both sides. */
async function startInstagramStack(name: string, timeScale: number, limits: Partial<GraphLimits>): Promise<{ graph: FakeGraph; stack: Stack }> {
  const graph = await startFakeGraph({ timeScale, ...limits });
  const stack = await startStack(name, {
    GRAPH_API_URL: graph.url,
    INSTAGRAM_USER_ID: '17841',
    INSTAGRAM_ACCESS_TOKEN: 'ig-token',
    CHANNEL_PACING_TIME_SCALE: String(timeScale),
  });
  return { graph, stack };
}

async function stopInstagramStack(graph: FakeGraph | undefined, stack: Stack | undefined): Promise<void> {
  await stopStack(stack);
  await graph?.close();
}

async function approveAll(api: INestApplication, admin: TestUser, listingIds: string[]): Promise<Map<string, number>> {
  const approvedAt = new Map<string, number>();
  const pending = [...listingIds];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let id = pending.shift(); id; id = pending.shift()) {
        await request(api.getHttpServer()).post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id }).expect(200);
        approvedAt.set(id, Date.now());
      }
    }),
  );
  return approvedAt;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a burst of approvals into the Telegram channel', () => {
  // A minute of Telegram's lasts 12 s here, in the fake and in the workers' pacing alike: long enough that a loaded
  // CI machine's late sends stay within the pacer's margin (a tenth of the window and a quarter second). Here the API,
  // the workers and the fake share one busy process, and a send's way to Telegram holds a database write: at 2.4 s
  // and 4.8 s, CI saw a send arrive later than the margin allows.
  const TIME_SCALE = 0.2;
  /** Two and a half minutes' budget of the channel: 9 listings of one photo, 8 of two, 8 of three (an album counts each). */
  const LISTINGS = 25;
  const photosOf = (index: number) => 1 + (index % 3);
  const WINDOW_MS = 60_000 * TIME_SCALE;
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let stack: Awaited<ReturnType<typeof startStack>>;

  beforeAll(async () => {
    telegram = await startFakeTelegram(undefined, { timeScale: TIME_SCALE });
    stack = await startStack('tgpacing', {
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: '4242:TEST',
      TELEGRAM_CHANNEL_ID: '@telefonbozor',
      CHANNEL_PACING_TIME_SCALE: String(TIME_SCALE),
    });
  });
  afterAll(async () => {
    await stopStack(stack);
    await telegram?.close();
  });

  it('reaches the channel with no 429, each listing once, at most 20 messages (album photos counted) in any minute', async () => {
    const seller = await createSignedInUser(stack.api);
    const listingIds: string[] = [];
    for (let index = 0; index < LISTINGS; index++) listingIds.push(await insertListing(stack.dataSource, { authorId: seller.id, tarif: 1, photos: photosOf(index) }));
    await approveAll(stack.api, stack.admin, listingIds);

    await eventually(async () => {
      const { count } = (await stack.dataSource.query(`SELECT count(*)::int AS count FROM listing WHERE id = ANY($1) AND (posts->'telegram'->>'posted')::boolean`, [listingIds]))[0];
      expect(count).toBe(LISTINGS);
    }, 60_000, 200);

    const sends = telegram.calls.filter((call) => /\/(sendPhoto|sendMediaGroup)$/.test(call.path));
    expect(sends.filter((call) => call.answer?.status === 429)).toHaveLength(0);
    const delivered = telegram.deliveredTo('@telefonbozor');
    expect(delivered).toHaveLength(LISTINGS);
    const messages = delivered.reduce((sum, post) => sum + post.count, 0);
    expect(messages).toBe(listingIds.reduce((sum, _, index) => sum + photosOf(index), 0));
    // Telegram's moving window as the fake counts it: never more than 20 messages within one (scaled) minute.
    for (const post of delivered) {
      const inWindow = delivered.filter((other) => other.at >= post.at && other.at < post.at + WINDOW_MS).reduce((sum, other) => sum + other.count, 0);
      expect(inWindow).toBeLessThanOrEqual(20);
    }
    // Paced, not merely lucky: 49 messages at 20 a minute take about a minute and a half after the first 20.
    const span = delivered.at(-1)!.at - delivered[0].at;
    expect(span).toBeGreaterThanOrEqual(((messages - 20) / 20) * WINDOW_MS);
    // One photo goes by sendPhoto, more as an album.
    expect(telegram.callsOf('sendPhoto')).toHaveLength(listingIds.filter((_, index) => photosOf(index) === 1).length);
  }, 90_000);
});

describe("Instagram's 50 posts in a moving 24 hours", () => {
  // A day lasts 30 s here, in the fake Graph and in the workers' pacing alike.
  const TIME_SCALE = 30 / 86_400;
  const DAY_MS = 86_400_000 * TIME_SCALE;
  let graph: FakeGraph;
  let stack: Stack;

  beforeAll(async () => {
    ({ graph, stack } = await startInstagramStack('igquota', TIME_SCALE, { callsPerHour: 100_000 }));
  });
  afterAll(() => stopInstagramStack(graph, stack));

  it('publishes 50, shows post 51 as queued with its time, and publishes it when the window frees, with no 2207042', async () => {
    const seller = await createSignedInUser(stack.api);
    const listingIds: string[] = [];
    for (let index = 0; index < 51; index++) listingIds.push(await insertListing(stack.dataSource, { authorId: seller.id, tarif: 1, photos: 1 }));
    const postsOf = async () =>
      (await stack.dataSource.query(`SELECT id, posts->'instagram' AS instagram FROM listing WHERE id = ANY($1)`, [listingIds])) as Array<{
        id: string;
        instagram: { posted: boolean; state: string; eta?: string } | null;
      }>;
    await approveAll(stack.api, stack.admin, listingIds.slice(0, 50));
    await eventually(async () => expect((await postsOf()).filter((post) => post.instagram?.posted)).toHaveLength(50), 30_000, 100);
    const publishes = graph.callsTo('media_publish').filter((call) => call.answer?.status === 200);
    expect(publishes).toHaveLength(50);

    // Post 51 of the moving day: queued with the time the first post leaves the window.
    await approveAll(stack.api, stack.admin, listingIds.slice(50));
    const waiting = await eventually(async () => {
      const [post] = (await postsOf()).filter((row) => row.id === listingIds[50]);
      expect(post.instagram).toMatchObject({ posted: false, state: 'queued', eta: expect.any(String) });
      return post as { id: string; instagram: { eta: string } };
    }, 10_000, 100);
    const eta = Date.parse(waiting.instagram.eta);
    expect(eta).toBeGreaterThanOrEqual(publishes[0].receivedAt + DAY_MS);

    // The admins' line of the channel: one waiting, due when the window frees.
    const line = await request(stack.api.getHttpServer()).get('/api/phone/channel-queue').set('Cookie', stack.admin.cookie).expect(200);
    expect(line.body.channels.find((channel: { channel: string }) => channel.channel === 'instagram')).toEqual({
      channel: 'instagram',
      waiting: 1,
      nextEta: waiting.instagram.eta,
      failures: [],
    });
    // The seller sees it on their listing in the profile: 'Instagram: navbatda, taxminan HH:mm', and the
    // channels this stack has not set up as skipped, with why.
    const mine = await request(stack.api.getHttpServer()).get('/api/phone/my').set('Cookie', seller.cookie).expect(200);
    const shown = mine.body.phones.find((phone: { _id: string }) => phone._id === waiting.id);
    const notSetUp = { state: 'skipped', link: null, eta: null, skipped: 'notConfigured' };
    expect(shown.channels).toEqual({ instagram: { state: 'queued', link: null, eta: waiting.instagram.eta }, telegram: notSetUp, facebook: notSetUp });

    await eventually(async () => expect((await postsOf()).every((post) => post.instagram?.posted)).toBe(true), 60_000, 200);
    const all = graph.callsTo('media_publish');
    expect(all.filter((call) => call.answer?.status !== 200)).toHaveLength(0);
    expect(all).toHaveLength(51);
    expect(all[50].receivedAt).toBeGreaterThanOrEqual(publishes[0].receivedAt + DAY_MS);
  }, 120_000);
});

describe("Instagram's containers that take time", () => {
  // A thousandth of the time: the job's own checks after 1, 2, 4 and 8 ms, then one every 60 ms from the delayed set.
  const TIME_SCALE = 0.001;
  let graph: FakeGraph;
  let stack: Stack;

  beforeAll(async () => {
    ({ graph, stack } = await startInstagramStack('igcontainer', TIME_SCALE, { processingMs: 200 }));
  });
  afterAll(() => stopInstagramStack(graph, stack));

  it('checks a container still processing from the delayed set, holding no worker, and posts it once', async () => {
    const seller = await createSignedInUser(stack.api);
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, tarif: 1, photos: 1 });
    await approveAll(stack.api, stack.admin, [listingId]);
    await eventually(async () => {
      const [{ instagram }] = await stack.dataSource.query(`SELECT posts->'instagram' AS instagram FROM listing WHERE id = $1`, [listingId]);
      expect(instagram).toMatchObject({ posted: true, state: 'posted' });
    }, 20_000, 50);

    expect(graph.callsTo('media')).toHaveLength(1);
    expect(graph.callsTo('media_publish')).toHaveLength(1);
    // Five checks in the job, then the job left and came back to check again.
    expect(graph.calls.filter((call) => String(call.body.fields).startsWith('status_code')).length).toBeGreaterThan(5);
    const queue = new Queue(QUEUES.social, { connection: { url: stack.config.REDIS_URL }, prefix: stack.config.QUEUE_PREFIX });
    const [job] = (await queue.getJobs(['completed'])).filter((completed) => completed.data.listingId === listingId && completed.data.channel === 'instagram');
    await queue.close();
    expect(job.data.processingChecks).toBeGreaterThanOrEqual(1);
    expect(job.attemptsMade).toBe(1);
  }, 30_000);
});

describe("the sellers' bot on a webhook", () => {
  const SELLER_CHAT = 777002;
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let stack: Awaited<ReturnType<typeof startStack>>;
  let seller: TestUser;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    const port = await freePort();
    stack = await startStack('botwebhook', {
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: '4242:TEST',
      TELEGRAM_BOT_USERNAME: telegram.botUsername,
      TELEGRAM_WEBHOOK_URL: `http://127.0.0.1:${port}/telegram`,
      TELEGRAM_WEBHOOK_PORT: String(port),
      TELEGRAM_WEBHOOK_SECRET: 'webhook-secret_42',
    });
    seller = await createSignedInUser(stack.api);
  });
  afterAll(async () => {
    await stopStack(stack);
    await telegram?.close();
  });

  const links = () => stack.api.get(TelegramLinkService);

  it('sets the webhook with its secret_token and refuses updates without it', async () => {
    expect(telegram.webhook()).toMatchObject({ secretToken: 'webhook-secret_42' });
    const token = new URL((await links().createLink(seller.id, 'uz')).link).searchParams.get('start')!;
    expect(await telegram.deliverToWebhook(SELLER_CHAT, `/start ${token}`)).toBe(200);
    // 'Yes' under the bot's question links the chat.
    await eventually(async () => expect(telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === SELLER_CHAT)).toHaveLength(1));
    expect(await telegram.pressOnWebhook(SELLER_CHAT, `relink:${token}`)).toBe(200);
    await eventually(async () => expect(await links().subscriptionOf(seller.id)).not.toBeNull());

    // Someone who learnt the URL forges /stop for the seller's chat: refused, the link stays.
    expect(await telegram.deliverToWebhook(SELLER_CHAT, '/stop', 'guessed')).toBe(401);
    expect(await telegram.deliverToWebhook(SELLER_CHAT, '/stop', '')).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await links().subscriptionOf(seller.id)).not.toBeNull();
    expect(telegram.callsOf('sendMessage').filter((call) => String(call.body.text).includes('uzildi'))).toHaveLength(0);
  });

  it('answers Telegram in time while a reply waits out a 429, then sends the reply', async () => {
    const WAITING_CHAT = 777003;
    const waiting = jest
      .spyOn(stack.workers.get(TelegramPacing), 'awaitPrivateMessageInPlace')
      .mockImplementationOnce(() => new Promise((resolve) => setTimeout(resolve, WEBHOOK_ANSWER_MS + 1_000)));
    try {
      const started = Date.now();
      expect(await telegram.deliverToWebhook(WAITING_CHAT, '/start')).toBe(200);
      expect(Date.now() - started).toBeLessThan(WEBHOOK_ANSWER_MS + 1_000);
      await eventually(async () => expect(telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === WAITING_CHAT)).toHaveLength(1), 5_000);
    } finally {
      waiting.mockRestore();
    }
  }, 30_000);

  it('unlinks the chat when the seller blocked the bot, without retrying the message', async () => {
    expect(await links().subscriptionOf(seller.id)).not.toBeNull();
    telegram.blockBot(SELLER_CHAT);
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id });
    await request(stack.api.getHttpServer()).post('/api/phone/confirm').set('Cookie', stack.admin.cookie).send({ id: listingId }).expect(200);

    await eventually(async () => expect(await links().subscriptionOf(seller.id)).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const attempts = telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === SELLER_CHAT && call.answer?.status === 403);
    expect(attempts).toHaveLength(1);
  });
});
