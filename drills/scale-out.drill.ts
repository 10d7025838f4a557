import { readFileSync } from 'node:fs';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, type MessagePush } from '@market/contracts';
import { AUTH_LIMITS } from '../backend/src/auth/auth.limits';
import { CONVERSATION_RATE_LIMITS } from '../backend/src/conversations/conversation.limits';
import { eventually } from '../test/support/eventually';
import { insertListing } from '../test/support/listings';
import { randomTestPhone } from '../test/support/users';
import { SCHEDULED_QUEUES, SCHEDULES } from '../workers/src/schedules/schedules';
import { nodeKillsTimeoutMs, runNodeKills } from './node-kills';
import { CHANNEL_MESSAGES_PER_MINUTE, HAPROXY_CONFIG, startScaleOut, TIME_SCALE, type ScaleOut } from './scale-out-stack';

/** Each check's time on a loaded machine (the limit's 40 sign-ups wait for 30 SMS through the outbox and two workers). */
const CHECK_TIMEOUT_MS = 60_000;
/** Anonymous reads a replica paused for the test may still serve: well past the moments the test reads in. */
const REPLICA_MAX_LAG_MS = 6_000;

/**
 * Two API processes behind HAProxy (deploy/haproxy/haproxy.cfg) and two worker processes, from
 * the build, on a PostgreSQL primary with a streaming replica, a Redis of queues and one of caches: what a visitor,
 * a seller and the platforms see is the same as with one of each.
 */
describe('drill: two API nodes and two worker nodes behind HAProxy', () => {
  let stack: ScaleOut;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await startScaleOut({ replicaMaxLagMs: REPLICA_MAX_LAG_MS });
  }, 150_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await stack?.stop();
  }, 60_000);

  const get = (base: string, path: string, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}, base = stack.site) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('migrates the database once although both API nodes started on it together', async () => {
    const repeated = await stack.database.query(`SELECT name FROM migrations GROUP BY name HAVING count(*) > 1`);
    expect(repeated).toEqual([]);
    for (const api of stack.apis) expect((await get(api.url, '/api/health')).status).toBe(200);
  });

  it("answers a visitor's request on a connection left idle as long as HAProxy keeps one, a POST too", async () => {
    // A client keeps an idle connection as long as the answers' Keep-Alive hint allows (Node's fetch does); HAProxy
    // closes it after its own `timeout http-keep-alive`. Told the node's 65 s, a client sent a POST on a connection
    // HAProxy was closing and had no answer: HAProxy does not send a POST again, it drops the connection.
    const [, seconds] = /timeout http-keep-alive (\d+)s/.exec(readFileSync(HAPROXY_CONFIG, 'utf8'))!;
    const keptMs = Number(seconds) * 1_000;
    const failures: string[] = [];
    // Twenty connections, each idle for a little less or more than HAProxy keeps it, around the moment it closes.
    await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const first = await get(stack.site, '/api/health');
        expect(first.headers.get('keep-alive')).toBeNull();
        await first.text();
        await new Promise((resolve) => setTimeout(resolve, keptMs - 20 + n * 2));
        const status = await post('/api/auth/login', { phoneNumber: 'not a number' }).then((answer) => answer.status, (error: Error) => `${error.message}: ${String(error.cause)}`);
        if (status !== 400) failures.push(String(status));
      }),
    );
    expect(failures).toEqual([]);
  }, CHECK_TIMEOUT_MS);

  it('signs a person in on one node and knows them on the other', async () => {
    const phoneNumber = randomTestPhone();
    expect((await post('/api/auth/login', { phoneNumber })).status).toBe(201);
    const sms = await eventually(async () => {
      const sent = stack.eskiz.sent.filter((message) => message.mobile_phone === phoneNumber);
      expect(sent).toHaveLength(1);
      return sent[0];
    }, 20_000);
    // 'Telefon bozor: parolingiz <password>'
    const password = sms.message.split(' ').at(-1)!;
    const signedIn = await post('/api/auth/auth', { phoneNumber, password });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    for (const api of stack.apis) {
      const me = await get(api.url, '/api/user', cookie);
      expect(me.status).toBe(200);
    }
  }, CHECK_TIMEOUT_MS);

  it('counts a limit once across both nodes, and texts each admitted number exactly once', async () => {
    const visitor = '203.0.113.41';
    const phones = Array.from({ length: 40 }, () => randomTestPhone());
    // Released together, spread by HAProxy over both nodes.
    const statuses = await Promise.all(phones.map((phoneNumber) => post('/api/auth/login', { phoneNumber }, { 'x-forwarded-for': visitor }).then((answer) => answer.status)));
    const admitted = phones.filter((_, index) => statuses[index] === 201);
    // smsPerIp: 30 texts an hour from one address, wherever each request landed.
    expect(admitted).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    await eventually(async () => {
      for (const phoneNumber of phones) {
        expect(stack.eskiz.sent.filter((message) => message.mobile_phone === phoneNumber)).toHaveLength(admitted.includes(phoneNumber) ? 1 : 0);
      }
    }, 45_000, 250);
  }, CHECK_TIMEOUT_MS);

  it('counts password attempts at one number from one address once across both nodes', async () => {
    const visitor = { 'x-forwarded-for': '203.0.113.42' };
    const phoneNumber = randomTestPhone();
    // Sent together, alternately to each node.
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) => post('/api/auth/auth', { phoneNumber, password: `notMyPassword${attempt}` }, visitor, stack.apis[attempt % 2].url).then((answer) => answer.status)),
    );
    const checked = statuses.filter((status) => status === 401).length;
    expect([checked, statuses.filter((status) => status === 429).length]).toEqual([AUTH_LIMITS.passwordPerPhoneAndIp.points, 12 - AUTH_LIMITS.passwordPerPhoneAndIp.points]);
  }, CHECK_TIMEOUT_MS);

  it("counts a person's messages once across both nodes", async () => {
    const [seller, buyer] = await Promise.all([stack.signedIn(), stack.signedIn()]);
    const listingId = await insertListing(stack.database, { authorId: seller.id, status: 'active' });
    const opened = await post('/api/conversations', { listingId, text: 'Salom!' }, { cookie: buyer.cookie });
    expect(opened.status).toBe(201);
    const { id } = (await opened.json()) as { id: string };
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, n) => post(`/api/conversations/${id}/messages`, { text: `Xabar ${n}` }, { cookie: buyer.cookie }, stack.apis[n % 2].url).then((answer) => answer.status)),
    );
    // The opening message took the first of the minute's budget.
    const budget = CONVERSATION_RATE_LIMITS.messages.points;
    expect([statuses.filter((status) => status === 201).length, statuses.filter((status) => status === 429).length]).toEqual([budget - 1, 30 - (budget - 1)]);
  }, CHECK_TIMEOUT_MS);

  it('keeps answering through HAProxy while the cache Redis is down, each node saying it is degraded', async () => {
    await stack.cacheRedis.stop();
    try {
      // Past HAProxy's two failed checks a second apart, had the nodes answered 503.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      for (let read = 0; read < 20; read++) expect((await get(stack.site, '/api/phone?page=1')).status).toBe(200);
      for (const api of stack.apis) {
        const health = await get(api.url, '/api/health/ready');
        expect([health.status, await health.json()]).toEqual([200, expect.objectContaining({ status: 'degraded', redis: { cache: 'down', queues: 'up' } })]);
      }
    } finally {
      await stack.cacheRedis.start();
    }
  }, CHECK_TIMEOUT_MS);

  it("shows every visitor the same feed on both nodes, and a listing taken off sale leaves both within the cache's second", async () => {
    const seller = await stack.signedIn();
    const listingId = await insertListing(stack.database, { authorId: seller.id, status: 'active', name: 'Scale Phone 15' });
    const feedOf = async (base: string) => (await (await get(base, '/api/phone?page=1')).json()) as { phones: Array<{ _id: string }>; pages: number };
    await eventually(async () => {
      const [first, second] = await Promise.all(stack.apis.map((api) => feedOf(api.url)));
      expect(first.phones.map((card) => card._id)).toContain(listingId);
      expect(second).toEqual(first);
    }, 15_000, 200);
    const [firstSitemap, secondSitemap] = await Promise.all(stack.apis.map(async (api) => (await get(api.url, '/sitemap.xml')).text()));
    expect(secondSitemap).toBe(firstSitemap);

    await stack.database.query(`UPDATE listing SET status = 'noActive' WHERE id = $1`, [listingId]);
    const soldAt = Date.now();
    await eventually(async () => {
      for (const api of stack.apis) expect((await feedOf(api.url)).phones.map((card) => card._id)).not.toContain(listingId);
    }, 15_000, 100);
    // The answer cache's second and the replica's replay, not the lag bound the test allows.
    expect(Date.now() - soldAt).toBeLessThan(3_000);
  }, CHECK_TIMEOUT_MS);

  it("answers an anonymous visitor from the replica and the author from the primary, and leaves out a replica lagging past its bound", async () => {
    const [seller, miniAppBuyer] = await Promise.all([stack.signedIn(), stack.signedIn('user', 'header')]);
    await withReplayPaused(stack, seller.id, async () => {
      const listingId = await insertListing(stack.database, { authorId: seller.id, status: 'active', name: 'Replica Phone 7' });
      // The replica has not replayed it: the anonymous visitor is answered from there and does not find it yet.
      expect((await get(stack.apis[0].url, `/api/phone/${listingId}`)).status).toBe(404);
      // Its author reads the primary and sees it at once; so does anyone signed in, in the Mini App too.
      expect((await get(stack.apis[0].url, `/api/phone/${listingId}`, seller.cookie)).status).toBe(200);
      expect((await get(stack.apis[0].url, `/api/phone/${listingId}`, undefined, miniAppBuyer.headers)).status).toBe(200);
      // Once the replica's lag passes the bound it is left out: the primary answers everyone.
      await eventually(async () => expect((await get(stack.apis[1].url, `/api/phone/${listingId}`)).status).toBe(200), REPLICA_MAX_LAG_MS + 5_000, 250);
      // Asked of the node that left it out: each node measures the lag on its own, and the other may be a reading behind.
      const health = (await (await get(stack.apis[1].url, '/api/health')).json()) as { status: string; replicas: Array<{ replica: string; inUse: boolean; lagSeconds: number | null }> };
      expect(health).toEqual(expect.objectContaining({ status: 'degraded', replicas: [{ replica: new URL(stack.replicaUrl).host, lagSeconds: expect.any(Number), inUse: false }] }));
    });
  }, CHECK_TIMEOUT_MS);

  it('delivers a message to a page connected to the other node, through HAProxy', async () => {
    const [seller, buyer] = await Promise.all([stack.signedIn(), stack.signedIn()]);
    const listingId = await insertListing(stack.database, { authorId: seller.id, status: 'active' });
    // `polling`: the page starts with long polling, as a browser does, then upgrades; its cookie jar keeps HAProxy's node cookie.
    const connect = (base: string, cookie: string, polling = false) => {
      const transports = polling ? ['polling', 'websocket'] : ['websocket'];
      const socket = io(base, { path: CONVERSATION_SOCKET_PATH, transports, withCredentials: polling, extraHeaders: { cookie }, reconnection: false });
      sockets.push(socket);
      const received: MessagePush[] = [];
      socket.on(CONVERSATION_SOCKET_EVENTS.message, (push: MessagePush) => received.push(push));
      return new Promise<MessagePush[]>((resolve, reject) => {
        socket.on('connect', () => resolve(received));
        socket.on('connect_error', reject);
      });
    };
    // The seller's pages through the load balancer, on either node; the buyer writes to the first node directly.
    // The polling page's requests after its handshake must stick to the node that holds its session: else 'Session ID unknown'.
    const sellersPage = await connect(stack.site, seller.cookie);
    const sellersPollingPage = await connect(stack.site, seller.cookie, true);
    const written = await fetch(`${stack.apis[0].url}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: buyer.cookie },
      body: JSON.stringify({ listingId, text: 'Salom, hali sotuvdami?' }),
    });
    expect(written.status).toBe(201);
    // Pushed by the API after its commit and again from the outbox by a worker: a page keeps each message id once.
    const shown = (pushes: MessagePush[]) => [...new Map(pushes.map((push) => [push.message.id, push.message.text])).values()];
    await eventually(async () => {
      expect(shown(sellersPage)).toEqual(['Salom, hali sotuvdami?']);
      expect(shown(sellersPollingPage)).toEqual(['Salom, hali sotuvdami?']);
    });
  }, CHECK_TIMEOUT_MS);

  it("posts each paid listing to the channel once, within the channel's one budget, with two workers", async () => {
    const seller = await stack.signedIn();
    const admin = await stack.signedIn('admin');
    const listingIds: string[] = [];
    for (let n = 0; n < 12; n++) listingIds.push(await insertListing(stack.database, { authorId: seller.id, tarif: 1 }));
    for (const id of listingIds) expect((await post('/api/phone/confirm', { id }, { cookie: admin.cookie })).status).toBe(200);
    await eventually(
      async () => {
        const rows = (await stack.database.query(`SELECT posts FROM listing WHERE id = ANY($1)`, [listingIds])) as Array<{ posts: Record<string, { posted?: boolean }> }>;
        for (const { posts } of rows) expect(posts.telegram?.posted).toBe(true);
      },
      60_000,
      250,
    );
    const channelCalls = stack.telegram.calls.filter((call) => String(call.body.chat_id) === '@telefonbozor');
    // 24 photos, more than the channel's minute allows: two workers shared one pacer, and Telegram never had to refuse the channel a message.
    expect(channelCalls.filter((call) => call.answer?.status === 429)).toHaveLength(0);
    expect(stack.telegram.callsOf('sendMediaGroup').filter((call) => call.answer?.status === 200)).toHaveLength(listingIds.length);
    // Within any of the channel's minutes (3 s here, less 250 ms for the way from the pacer to Telegram), one budget's
    // messages, not each worker's: an album of N photos counts N.
    const posted = channelCalls.filter((call) => call.answer?.status === 200).map((call) => ({ at: call.receivedAt, messages: Array.isArray(call.body.media) ? call.body.media.length : 1 }));
    const busiestMinute = Math.max(...posted.map(({ at }) => posted.filter((other) => other.at >= at && other.at < at + 60_000 * TIME_SCALE - 250).reduce((sum, other) => sum + other.messages, 0)));
    expect(busiestMinute).toBeLessThanOrEqual(CHANNEL_MESSAGES_PER_MINUTE);
    // Both workers took channel posts, each waiting its turn in the shared pacer (it reports the wait of each destination it paced).
    for (const worker of stack.workers) expect([worker.name, await stack.workerMetrics(worker)]).toEqual([worker.name, expect.stringContaining('pacer_delay_seconds{destination="telegram:chat"}')]);
  }, 90_000);

  it('keeps one schedule of each repeated job however many workers run', async () => {
    for (const name of SCHEDULED_QUEUES) {
      const queue = new Queue(name, { connection: { url: stack.redisUrl }, prefix: stack.queuePrefix });
      try {
        // Each worker asked for every schedule at its start; a job name scheduled twice would run twice.
        const jobNames = (await queue.getJobSchedulers()).map((scheduler) => scheduler.name).sort();
        expect([name, jobNames]).toEqual([name, SCHEDULES.filter((schedule) => schedule.queue === name).map(({ job }) => job).sort()]);
      } finally {
        await queue.close();
      }
    }
  });

  it('restarts an API node with SIGTERM under load without failing a read or a write', async () => {
    const failures: string[] = [];
    let reads = 0;
    let writes = 0;
    let loading = true;
    const read = async () => {
      for (; loading; reads++) {
        const status = await get(stack.site, '/api/phone?page=1').then((answer) => answer.status, (error: Error) => error.message);
        if (status !== 200) failures.push(`GET /api/phone: ${status}`);
      }
    };
    const write = async () => {
      // Sign-ups from addresses of their own, under smsPerIp.
      for (; loading; writes++) {
        const visitor = { 'x-forwarded-for': `198.51.100.${(writes % 200) + 1}` };
        const status = await post('/api/auth/login', { phoneNumber: randomTestPhone() }, visitor).then((answer) => answer.status, (error: Error) => error.message);
        if (status !== 201) failures.push(`POST /api/auth/login: ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const load = Promise.all([read(), read(), write()]);
    let duringRestart = { reads: 0, writes: 0 };
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const before = { reads, writes };
      // A rolling restart's step: the node drains (SHUTDOWN_DRAIN_MS 2.5 s, past HAProxy's two failed checks), exits, and comes back.
      await stack.apis[1].stop('SIGTERM');
      await stack.apis[1].start();
      // HAProxy's two passed checks put it back in rotation.
      await eventually(async () => expect((await get(stack.apis[1].url, '/api/health/ready')).status).toBe(200), 10_000);
      duringRestart = { reads: reads - before.reads, writes: writes - before.writes };
      // The load goes on across the node's return until it has made enough requests to tell, however slow the machine is today.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await eventually(async () => expect({ reads: reads > 100, writes: writes > 20 }).toEqual({ reads: true, writes: true }), 30_000);
    } finally {
      loading = false;
      await load;
    }
    expect(failures).toEqual([]);
    // Requests were in flight while the node drained, stopped and came back.
    expect({ reads: duringRestart.reads >= 10, writes: duringRestart.writes >= 3 }).toEqual({ reads: true, writes: true });
  }, 2 * CHECK_TIMEOUT_MS);

  // Last: it kills nodes. The full run is `npm run drills -- --scale-out` (scale-out.ts: minutes of the long tail, kills
  // in rounds); this is 60 s at a visitor's pace, one kill. Its timeout outlasts settling, so a stall fails on the report.
  const nodeKills = { seconds: 60, visitors: 4, paidListings: 8, readPauseMs: 100 };
  it('loses and repeats nothing when an API node and a worker node are killed mid-load', async () => {
    const report = await runNodeKills(stack, nodeKills);
    expect({ lost: report.posts.lost, duplicated: report.posts.duplicated }).toEqual({ lost: 0, duplicated: 0 });
    expect({ lost: report.sms.lost, duplicated: report.sms.duplicated }).toEqual({ lost: 0, duplicated: 0 });
    expect({ lost: report.messages.lost, duplicated: report.messages.duplicated }).toEqual({ lost: 0, duplicated: 0 });
    // Every card top-up ends confirmed, credited once: the card lost what the payers gained.
    expect(report.payments).toMatchObject({ lost: 0, duplicated: 0, confirmed: report.payments.started, charged: report.payments.credited });
    // HAProxy sent every read the dead node had not begun to answer to the other one.
    expect(report.reads.failures.filter((failure) => !failure.inFlightAtKill)).toEqual([]);
    // Only a write in flight on the killed node may fail (HAProxy does not send a POST twice); any sent after it died went to the other.
    expect(report.writes.failures.filter((failure) => !failure.inFlightAtKill)).toEqual([]);
    expect(report.posts.approved).toBeGreaterThan(0);
    expect(report.payments.started).toBeGreaterThan(0);
    expect(report.replicaLagMs.p99).toBeLessThan(1_000);
  }, nodeKillsTimeoutMs(nodeKills));
});

/**
 * Runs `test` while the replica receives the primary's changes but does not apply them. It pauses
 * right after replaying a fresh commit (of the user's, unchanged): its lag counts from then.
 */
async function withReplayPaused(stack: ScaleOut, userId: string, test: () => Promise<void>): Promise<void> {
  const replica = new Client({ connectionString: stack.replicaUrl });
  await replica.connect();
  try {
    await stack.database.query(`UPDATE users SET name = name WHERE id = $1`, [userId]);
    const [{ lsn }] = (await stack.database.query(`SELECT pg_current_wal_lsn()::text AS lsn`)) as Array<{ lsn: string }>;
    await eventually(async () => {
      const { rows } = await replica.query(`SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed`, [lsn]);
      expect(rows[0].replayed).toBe(true);
    });
    await replica.query('SELECT pg_wal_replay_pause()');
    await test();
  } finally {
    await replica.query('SELECT pg_wal_replay_resume()');
    await replica.end();
  }
}
