import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { ConfigModule, DatabaseModule } from '@market/backend';
import { testConfig } from '../../test/support/config';
import { OperationsServer } from '../src/operations/operations-server';
import { DestinationPacer } from '../src/pacing/destination-pacer';
import { PacingModule } from '../src/pacing/pacing.module';

const METRICS_TOKEN = randomBytes(24).toString('hex');

describe("the workers' operations port", () => {
  const config = testConfig({ METRICS_TOKEN });
  let workers: INestApplicationContext;
  let base: string;

  beforeAll(async () => {
    @Module({ imports: [ConfigModule.forRoot(config), DatabaseModule, PacingModule], providers: [OperationsServer] })
    class OperationsTestModule {}
    workers = await NestFactory.createApplicationContext(OperationsTestModule, { logger: false });
    await workers.init();
    base = `http://127.0.0.1:${await workers.get(OperationsServer).listen(0)}`;
  });
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
