// The scaled-out shape on this machine, without containers (docs/scale-out.md): a scratch
// PostgreSQL primary and its streaming replica (pg_basebackup -R), HAProxy running
// deploy/haproxy/haproxy.cfg in front of two API processes, and two worker processes, all from
// the build, their queues on one Redis under a key prefix of their own and their caches (limits,
// the sitemap's build) on a private Redis the tests may stop. Outside services are the tests'
// fakes (Payme's too: card top-ups are real payments here, not the sandbox). scale-out.drill.ts checks what must hold across the nodes; `npm run drills -- --scale`
// kills nodes under load (scale-out.ts).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Session } from '../backend/src/auth/session.entity';
import { SessionService, type SessionCarrier } from '../backend/src/auth/session.service';
import { SESSION_HEADER } from '@market/contracts';
import { startFakePayme } from '../test/fakes/card-gateway';
import { startFakeEskiz } from '../test/fakes/eskiz';
import { startFakeGraph } from '../test/fakes/graph-api';
import { startFakeTelegram } from '../test/fakes/telegram-bot-api';
import { LOOPBACK_ONLY, TEST_CASHBOX } from '../test/support/config';
import { startPrivateRedis } from '../test/support/redis-server';
import { randomTestPhone } from '../test/support/users';
import { chownTree, clusterOwner, freePort, startStreamingPair, stopClusters } from './scratch-cluster';

const ROOT = join(__dirname, '..');
export const HAPROXY_CONFIG = join(ROOT, 'deploy/haproxy/haproxy.cfg');
/** How long a node may take to start on a busy machine. */
export const START_TIMEOUT_MS = 90_000;
/** The platforms' windows shrunk on both sides (the fakes' and the pacer's), so that pacing shows within seconds. */
export const TIME_SCALE = 0.05;
/** The channel's budget: a minute of Telegram's (20 messages) lasts 3 s here. */
export const CHANNEL_MESSAGES_PER_MINUTE = 20;
/** The payers' card at the fake Payme (its balance in tiyin), and the cashbox the browser's card methods name. */
export const PAYER_CARD = { number: '8600069195406311', expire: '0399', phone: '998935550011', balance: 10 ** 13 };
export const PAYME_CASHBOX = 'market';
/** Lets the drill read each process's /metrics. */
const METRICS_TOKEN = randomBytes(24).toString('hex');

export interface ScaleOutOptions {
  /** DATABASE_REPLICA_MAX_LAG_MS of the API nodes. */
  replicaMaxLagMs?: number;
  /** Lines of what is happening, for the drill's report. */
  log?: (line: string) => void;
}

/** The production command of the API (scripts/api-command.mjs, an ES module this CommonJS code asks Node for). */
export function apiNodeArgs(): string[] {
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', `import { API_NODE_ARGS } from './scripts/api-command.mjs'; console.log(JSON.stringify(API_NODE_ARGS))`], { cwd: ROOT, encoding: 'utf8' }),
  ) as string[];
}

/** A built API or workers process that can be killed and started again with the same settings. */
export class NodeProcess {
  private child: ChildProcess | undefined;
  /** The last lines it wrote, to tell why it failed. */
  readonly output: string[] = [];

  constructor(
    readonly name: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly ready: (line: string) => boolean,
    /** The API's own address (host:port); none for the workers. */
    readonly address?: string,
  ) {}

  get url(): string {
    return `http://${this.address}`;
  }

  /** The line by which its last start said it was ready. */
  private readyLine = '';

  /** A worker's metrics and health port, as its last start announced it. */
  get workersPort(): number {
    return Number(/on port (\d+)$/.exec(this.readyLine)?.[1]);
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, this.args, { cwd: ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} did not start within ${START_TIMEOUT_MS / 1000} s:\n${this.output.join('\n')}`)), START_TIMEOUT_MS);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited with code ${code}:\n${this.output.join('\n')}`));
      });
      for (const stream of [child.stdout!, child.stderr!]) {
        createInterface({ input: stream }).on('line', (line) => {
          this.output.push(line);
          if (this.output.length > 200) this.output.shift();
          if (this.ready(line)) {
            this.readyLine = line;
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
  }

  /** SIGKILL: whatever it was doing stops mid-way, as when its machine dies. */
  kill(): Promise<void> {
    return this.stop('SIGKILL');
  }

  stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }
}

export type ScaleOut = Awaited<ReturnType<typeof startScaleOut>>;

/** Starts the whole shape; `stop()` ends every process and removes the clusters. */
export async function startScaleOut(options: ScaleOutOptions = {}) {
  const log = options.log ?? (() => undefined);
  const work = await mkdtemp(join(tmpdir(), 'scale-out-'));
  const owner = await clusterOwner();
  if (owner) await chownTree(work, owner);
  const clusters: string[] = [];
  const started: Array<{ stop(): Promise<unknown> }> = [];
  const fakes: Array<{ close(): Promise<unknown> }> = [];
  let database: DataSource | undefined;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const cacheRedis = await startPrivateRedis();
  // Under the test run's prefix when there is one, so that its teardown finds anything left.
  const queuePrefix = `${process.env.QUEUE_PREFIX ?? 'drill'}_scale_${randomBytes(4).toString('hex')}`;
  const stop = async () => {
    for (const node of started.reverse()) await node.stop();
    await database?.destroy();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${queuePrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await Promise.all(fakes.map((fake) => fake.close()));
    await cacheRedis.stop();
    await stopClusters(owner, clusters);
    await rm(work, { recursive: true, force: true });
  };
  try {
    const sitePort = await freePort();
    const { primaryUrl, replicaUrl } = await startStreamingPair(owner, work, clusters);
    log(`PostgreSQL primary at ${primaryUrl}, streaming replica at ${replicaUrl}`);

    const [telegram, graph, eskiz, payme] = await Promise.all([
      startFakeTelegram(undefined, { timeScale: TIME_SCALE, channelPerMinute: CHANNEL_MESSAGES_PER_MINUTE }),
      startFakeGraph({ timeScale: TIME_SCALE }),
      startFakeEskiz(),
      startFakePayme({ merchantId: PAYME_CASHBOX, key: 'payme-key', cards: [{ ...PAYER_CARD }] }),
    ]);
    fakes.push(telegram, graph, eskiz, payme);
    const site = `http://127.0.0.1:${sitePort}`;
    const adminPhone = randomTestPhone();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...LOOPBACK_ONLY,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: site,
      TRUST_PROXY: 'loopback',
      DATABASE_URL: primaryUrl,
      DATABASE_REPLICA_URLS: replicaUrl,
      DATABASE_REPLICA_MAX_LAG_MS: String(options.replicaMaxLagMs ?? 2_000),
      REDIS_QUEUE_URL: redisUrl,
      REDIS_CACHE_URL: cacheRedis.url,
      // Two APIs and two workers, as deploy/compose.scale-out.yml: each keeps a quarter of a limit while the cache Redis is down.
      RATE_LIMIT_PROCESSES: '4',
      QUEUE_PREFIX: queuePrefix,
      PUBLIC_CACHE_TTL_MS: '1000',
      RELAY_POLL_MS: '100',
      SHUTDOWN_DRAIN_MS: '2500',
      ...TEST_CASHBOX,
      PAYME_BASE_URL: payme.url,
      PAYME_MERCHANT_ID: PAYME_CASHBOX,
      PAYME_KEY: 'payme-key',
      // A confirmation cut off by the kill holds its claim for 3 × this + 5 s before another takes it over.
      PAYME_TIMEOUT_MS: '2000',
      ADMIN_PHONES: adminPhone,
      LISTINGS_PER_DAY: '1000',
      LISTINGS_PER_DAY_NEW_ACCOUNT: '1000',
      WORKERS_PORT: '0',
      METRICS_TOKEN,
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: '4242:SCALE',
      TELEGRAM_CHANNEL_ID: '@telefonbozor',
      TELEGRAM_CHANNEL_MESSAGES_PER_MINUTE: String(CHANNEL_MESSAGES_PER_MINUTE),
      CHANNEL_PACING_TIME_SCALE: String(TIME_SCALE),
      ...graph.channelsConfig,
      ESKIZ_BASE_URL: eskiz.baseUrl,
      ESKIZ_EMAIL: eskiz.credentials.email,
      ESKIZ_PASSWORD: eskiz.credentials.password,
    };

    const apiArgs = apiNodeArgs();
    const apis = await Promise.all(
      [1, 2].map(async (n) => {
        const port = await freePort();
        return new NodeProcess(`api${n}`, apiArgs, { ...env, PORT: String(port) }, (line) => line.startsWith('API listening'), `127.0.0.1:${port}`);
      }),
    );
    const workers = [1, 2].map((n) => new NodeProcess(`workers${n}`, ['workers/dist/main.js'], env, (line) => line.startsWith('Workers running')));
    // Both API nodes start on the empty database at once: one migrates, the other waits for its lock.
    started.push(...apis);
    await Promise.all(apis.map((api) => api.start()));
    log('two API nodes up');

    const haproxy = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], {
      env: { ...process.env, HAPROXY_BIND: `127.0.0.1:${sitePort}`, HAPROXY_STATS: join(work, 'haproxy.sock'), API_1: apis[0].address, API_2: apis[1].address },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const haproxyOutput: string[] = [];
    createInterface({ input: haproxy.stderr! }).on('line', (line) => haproxyOutput.push(line));
    started.push({ stop: () => new Promise((resolve) => (haproxy.exitCode !== null ? resolve(undefined) : (haproxy.once('exit', resolve), haproxy.kill('SIGTERM')))) });
    await waitFor(async () => (await fetch(`${site}/api/health`)).ok, `HAProxy did not answer on ${site}: ${haproxyOutput.join('\n')}`);
    log(`HAProxy on ${site}`);

    started.push(...workers);
    await Promise.all(workers.map((node) => node.start()));
    log('two worker processes up');

    database = await new DataSource({ type: 'postgres', url: primaryUrl, entities: [Session] }).initialize();
    const sessions = new SessionService(database);
    const primaryDatabase = database;
    return {
      site,
      apis,
      workers,
      telegram,
      graph,
      eskiz,
      payme,
      primaryUrl,
      replicaUrl,
      redisUrl,
      /** The Redis of limits and cached answers, apart from the queues' (docs/scale-out.md). */
      cacheRedis,
      queuePrefix,
      /** The primary, for what a test writes or checks directly. */
      database: primaryDatabase,
      adminPhone,
      /**
       * A person signed in straight in the database: their id and the Cookie header of their session,
       * or with `carrier` 'header' the Mini App's Authorization header instead (in `headers` either way).
       */
      async signedIn(role: 'admin' | 'user' = 'user', carrier: SessionCarrier = 'cookie'): Promise<{ id: string; cookie: string; headers: Record<string, string> }> {
        const [{ id }] = (await primaryDatabase.query(
          `INSERT INTO users (phone_number, role, name, phone_confirmed, balance) VALUES ($1, $2, 'Sotuvchi', true, 1000000) RETURNING id`,
          [randomTestPhone(), role],
        )) as Array<{ id: string }>;
        const { token } = await sessions.start(id, carrier);
        const cookie = carrier === 'cookie' ? `session=${token}` : '';
        return { id, cookie, headers: carrier === 'cookie' ? { cookie } : { [SESSION_HEADER]: `Bearer ${token}` } };
      },
      /** A worker process's Prometheus metrics (its own: pacing, SMS sends, pools). */
      async workerMetrics(worker: NodeProcess): Promise<string> {
        const answer = await fetch(`http://127.0.0.1:${worker.workersPort}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        if (!answer.ok) throw new Error(`${worker.name}'s metrics answered ${answer.status}`);
        return answer.text();
      },
      /** What the HAProxy process wrote (its alerts and warnings). */
      haproxyOutput,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitFor(check: () => Promise<boolean>, failure: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(failure);
}
