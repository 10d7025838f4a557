import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { ConfigModule, DatabaseModule } from '@market/backend';
import { testConfig } from '../../test/support/config';
import { startPrivateRedis } from '../../test/support/redis-server';
import { OperationsServer } from '../src/operations/operations-server';
import { DestinationPacer } from '../src/pacing/destination-pacer';
import { PacingModule } from '../src/pacing/pacing.module';
import type { Config } from '@market/backend';

const METRICS_TOKEN = randomBytes(24).toString('hex');

/** The workers' operations port with the pacer beside it, listening on a free port. */
async function startWorkers(config: Config): Promise<{ workers: INestApplicationContext; base: string }> {
  @Module({ imports: [ConfigModule.forRoot(config), DatabaseModule, PacingModule], providers: [OperationsServer] })
  class OperationsTestModule {}
  const workers = await NestFactory.createApplicationContext(OperationsTestModule, { logger: false });
  await workers.init();
  return { workers, base: `http://127.0.0.1:${await workers.get(OperationsServer).listen(0)}` };
}

describe("the workers' operations port", () => {
  let workers: INestApplicationContext;
  let base: string;

  beforeAll(async () => ({ workers, base } = await startWorkers(testConfig({ METRICS_TOKEN }))));
  afterAll(() => workers.close());

  it('answers Prometheus with the token only', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).status).toBe(401);
    const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toMatch(/^db_pool_waiting_requests\{pool="main"\} 0$/m);
    expect(text).toContain('# TYPE sms_messages_total counter');
  });

  it("shows the pacer's delay per destination, private chats as one", async () => {
    const pacer = workers.get(DestinationPacer);
    const chat = { key: `telegram:chat:${randomBytes(4).toString('hex')}`, limit: 1, windowMs: 60_000 };
    await pacer.reserve([chat]);
    await pacer.reserve([chat]);
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const delay = Number(/^pacer_delay_seconds\{destination="telegram:chat"\} (\S+)$/m.exec(text)?.[1]);
    // The second message waits for the first to leave the minute's window (and its margin).
    expect(delay).toBeGreaterThan(59);
    expect(text).not.toContain(chat.key);
  });
});

describe("the workers' health", () => {
  it('answers ready while PostgreSQL and Redis answer, and live without Redis', async () => {
    const redis = await startPrivateRedis();
    const { workers, base } = await startWorkers(testConfig({ REDIS_URL: redis.url }));
    try {
      const ready = await fetch(`${base}/health/ready`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', database: 'up', redis: 'up', draining: false }]);
      await redis.stop();
      const down = await fetch(`${base}/health/ready`);
      expect([down.status, await down.json()]).toEqual([503, { status: 'unavailable', database: 'up', redis: 'down', draining: false }]);
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
    } finally {
      await workers.close();
      await redis.stop();
    }
  });

  it('answers not ready from the first shutdown hook on, while its jobs finish', async () => {
    const { workers, base } = await startWorkers(testConfig());
    try {
      // What Nest calls first when the workers are stopped (SIGTERM), before any worker closes.
      workers.get(OperationsServer).onModuleDestroy();
      const stopping = await fetch(`${base}/health/ready`);
      expect([stopping.status, await stopping.json()]).toEqual([503, { status: 'unavailable', database: 'up', redis: 'up', draining: true }]);
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
    } finally {
      await workers.close();
    }
  });
});
