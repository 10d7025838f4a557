import { BullModule } from '@nestjs/bullmq';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { ConfigModule, DatabaseModule, OutboxService, type Config } from '@market/backend';
import { QUEUES, smsText } from '@market/contracts';
import { PhoneVerificationModule } from '../../backend/src/auth/phone-verification.module';
import { SmsRequestService } from '../../backend/src/auth/sms-request.service';
import { RateLimitModule } from '../../backend/src/rate-limit/rate-limit.module';
import { RedisModule } from '../../backend/src/redis/redis.module';
import { startFakeEskiz, type FakeEskiz } from '../../test/fakes/eskiz';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';
import { eventually } from '../../test/support/eventually';
import { OutboxRelay } from '../src/relay/outbox-relay.service';
import { QueueProducers } from '../src/relay/queue-producers';
import { SmsModule } from '../src/sms/sms.module';

const IP = '203.0.113.13';
const PASSWORD = '73914682';
const CODE = '48213';
const LATE_CODE = '60527';
const texts = {
  password: smsText('password', 'uz', { password: PASSWORD }),
  code: smsText('code', 'uz', { code: CODE }),
  lateCode: smsText('code', 'uz', { code: LATE_CODE }),
};
const phones = { password: '998905550101', code: '998905550102', lateCode: '998905550103' };

/**
 * The SMS texts carry a password or a code: from the request to the end of the job, neither
 * PostgreSQL nor Redis ever holds one in clear (issue 15, item 13).
 */
describe('SMS secrets at rest', () => {
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let config: Config;
  let eskiz: FakeEskiz;
  let api: INestApplicationContext;
  let workers: INestApplicationContext | undefined;
  let dataSource: DataSource;
  let redis: Redis;
  let producers: QueueProducers;
  let relay: OutboxRelay;
  let queue: Queue;

  /** Every row of every table, one JSON line each. */
  async function databaseContents(): Promise<string> {
    const tables: { name: string }[] = await dataSource.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
    const rows = await Promise.all(
      tables.map(({ name }): Promise<{ row: string }[]> => dataSource.query(`SELECT row_to_json(t)::text AS row FROM "${name}" t`)),
    );
    return rows.flat().map(({ row }) => row).join('\n');
  }

  /** Every key under the test's queue prefix and what it holds, whatever its type. */
  async function redisContents(): Promise<string> {
    const keys = await redis.keys(`${config.QUEUE_PREFIX}:*`);
    const values = await Promise.all(
      keys.map(async (key) => {
        switch (await redis.type(key)) {
          case 'string':
            return redis.get(key);
          case 'hash':
            return JSON.stringify(await redis.hgetall(key));
          case 'list':
            return JSON.stringify(await redis.lrange(key, 0, -1));
          case 'set':
            return JSON.stringify(await redis.smembers(key));
          case 'zset':
            return JSON.stringify(await redis.zrange(key, 0, -1));
          case 'stream':
            return JSON.stringify(await redis.xrange(key, '-', '+'));
          default:
            return '';
        }
      }),
    );
    return [...keys, ...values].join('\n');
  }

  /**
   * Neither store holds a text, a password or a code (a number standing alone, not part of a
   * longer number or an id). The number texted is there: the scan does see the SMS's traces.
   */
  async function expectNoSecretStored(): Promise<void> {
    const stored = `${await databaseContents()}\n${await redisContents()}`;
    expect(stored).toContain(phones.password);
    for (const text of Object.values(texts)) expect(stored).not.toContain(text);
    for (const secret of [PASSWORD, CODE, LATE_CODE]) expect(stored).not.toMatch(new RegExp(`(?<![0-9a-f])${secret}(?![0-9a-f])`, 'i'));
  }

  function requestSms(phoneNumber: string, text: string): Promise<void> {
    return dataSource.transaction((transaction) => api.get(SmsRequestService, { strict: false }).request(transaction, phoneNumber, IP, text));
  }

  async function startWorkers(): Promise<void> {
    workers = await NestFactory.createApplicationContext(
      {
        module: class SmsWorkersUnderTest {},
        imports: [
          ConfigModule.forRoot(config),
          DatabaseModule,
          BullModule.forRoot({ connection: { url: config.REDIS_URL, maxRetriesPerRequest: null }, prefix: config.QUEUE_PREFIX }),
          SmsModule,
        ],
      },
      { logger: false },
    );
    await workers.init();
  }

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await ownTestDatabase('sms_secrets');
    eskiz = await startFakeEskiz();
    config = testConfig({
      DATABASE_URL: database.url,
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_sms_secrets`,
      ESKIZ_BASE_URL: eskiz.baseUrl,
      ESKIZ_EMAIL: eskiz.credentials.email,
      ESKIZ_PASSWORD: eskiz.credentials.password,
    });
    api = await NestFactory.createApplicationContext(
      {
        module: class SmsRequestsUnderTest {},
        imports: [ConfigModule.forRoot(config), DatabaseModule, RedisModule, RateLimitModule, PhoneVerificationModule],
      },
      { logger: false },
    );
    dataSource = api.get(DataSource);
    redis = new Redis(config.REDIS_URL);
    producers = new QueueProducers(config);
    relay = new OutboxRelay(new OutboxService(dataSource), producers, config);
    queue = new Queue(QUEUES.sms, { connection: { url: config.REDIS_URL }, prefix: config.QUEUE_PREFIX });
  });
  afterAll(async () => {
    await workers?.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await producers.onApplicationShutdown();
    redis.disconnect();
    await api.close();
    await eskiz.close();
    await database.drop();
  });

  it('keeps passwords and codes unreadable in the outbox, the queue and after failed sends, and sends each text once', async () => {
    await requestSms(phones.password, texts.password);
    await requestSms(phones.code, texts.code);
    // Committed, waiting in the outbox.
    await expectNoSecretStored();

    await eventually(async () => expect(producers.ready).toBe(true));
    expect(await relay.dispatchPending()).toBe(2);
    // Queued, no worker has taken the jobs yet.
    expect(await queue.getWaitingCount()).toBe(2);
    await expectNoSecretStored();

    eskiz.failNextSends(500, 500);
    await startWorkers();
    // Both first attempts failed; the jobs wait for their retry.
    await eventually(async () => expect(await queue.getDelayedCount()).toBe(2));
    await expectNoSecretStored();

    await eventually(async () => expect(await queue.getCompletedCount()).toBe(2), 15_000);
    expect(eskiz.sent).toHaveLength(2);
    expect(eskiz.sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mobile_phone: phones.password, message: texts.password }),
        expect.objectContaining({ mobile_phone: phones.code, message: texts.code }),
      ]),
    );
    await expectNoSecretStored();

    // A text Eskiz refuses ends its job failed: it stays unreadable too.
    eskiz.failNextSends(400);
    await requestSms(phones.lateCode, texts.lateCode);
    expect(await relay.dispatchPending()).toBe(1);
    await eventually(async () => expect(await queue.getFailedCount()).toBe(1));
    await expectNoSecretStored();
    expect(eskiz.sent).toHaveLength(2);
  }, 30_000);
});
