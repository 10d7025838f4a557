import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { OutboxService, type AppConfig } from '@market/backend';
import { EVENT_QUEUES, QUEUES } from '@market/contracts';
import { dataSourceOptions } from '../../backend/src/database/data-source-options';
import { OutboxEvent } from '../../backend/src/events/outbox-event.entity';
import { OutboxRelay } from '../src/relay/outbox-relay.service';
import { QueueProducers } from '../src/relay/queue-producers';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';
import { startPrivateRedis } from '../../test/support/redis-server';
import { eventually } from '../../test/support/eventually';

const listingId = '4f1c1a52-6c1e-4a51-9d1e-2b7f5d9b3a10';
const approvedBy = '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';

describe('outbox relay', () => {
  let dataSource: DataSource;
  let outbox: OutboxService;
  const cleanups: Array<() => Promise<unknown>> = [];

  function relayFor(config: AppConfig): OutboxRelay {
    const producers = new QueueProducers(config);
    cleanups.push(() => producers.onApplicationShutdown());
    return new OutboxRelay(outbox, producers, config);
  }

  function queueOf(config: AppConfig, name: string): Queue {
    const queue = new Queue(name, { connection: { url: config.REDIS_URL }, prefix: config.QUEUE_PREFIX });
    cleanups.push(() => queue.close());
    return queue;
  }

  async function untilProducersReady(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  let database: Awaited<ReturnType<typeof ownTestDatabase>>;

  beforeAll(async () => {
    database = await ownTestDatabase('relay');
    const config = testConfig({ DATABASE_URL: database.url });
    dataSource = await new DataSource({ ...dataSourceOptions(config), entities: [OutboxEvent] }).initialize();
    outbox = new OutboxService(dataSource);
  });
  beforeEach(() => dataSource.getRepository(OutboxEvent).clear());
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('enqueues a committed event exactly once even with two relays at once', async () => {
    const config = testConfig({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_twice` });
    const eventId = await dataSource.transaction((transaction) =>
      outbox.record(transaction, 'listing.approved', { listingId, approvedBy }),
    );
    const [first, second] = [relayFor(config), relayFor(config)];
    await untilProducersReady();

    const dispatched = await Promise.all([first.dispatchPending(), second.dispatchPending(), first.dispatchPending()]);

    expect(dispatched.reduce((sum, count) => sum + count, 0)).toBe(1);
    for (const queueName of EVENT_QUEUES['listing.approved']) {
      const jobs = await queueOf(config, queueName).getJobs();
      expect(jobs.map((job) => job.id)).toEqual([eventId]);
      expect(jobs[0].data).toEqual({ listingId, approvedBy });
    }
    const row = await dataSource.getRepository(OutboxEvent).findOneByOrFail({ id: eventId });
    expect(row.dispatchedAt).toBeInstanceOf(Date);
  });

  it('never enqueues an event whose transaction rolled back', async () => {
    const config = testConfig({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_rollback` });
    await expect(
      dataSource.transaction(async (transaction) => {
        await outbox.record(transaction, 'listing.rejected', { listingId, reason: 'duplicate' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const relay = relayFor(config);
    await untilProducersReady();

    expect(await relay.dispatchPending()).toBe(0);
    expect(await queueOf(config, QUEUES.notify).getJobCounts()).toMatchObject({ waiting: 0, delayed: 0 });
    expect(await dataSource.getRepository(OutboxEvent).count()).toBe(0);
  });

  it('refuses an event whose payload breaks its schema, so nothing is recorded', async () => {
    await expect(
      dataSource.transaction((transaction) =>
        outbox.record(transaction, 'sms.requested', { phoneNumber: '12', sealedText: 'hi' }),
      ),
    ).rejects.toThrow();
    expect(await dataSource.getRepository(OutboxEvent).count()).toBe(0);
  });

  it('keeps an event while Redis is unreachable and enqueues it once Redis returns', async () => {
    const redis = await startPrivateRedis();
    cleanups.push(() => redis.stop());
    const config = testConfig({ REDIS_URL: redis.url, RELAY_POLL_MS: '50' });
    const relay = relayFor(config);
    await untilProducersReady();

    await redis.stop();
    const eventId = await dataSource.transaction((transaction) =>
      outbox.record(transaction, 'sms.requested', { phoneNumber: '998901234567', sealedText: 'sealed' }),
    );
    await expect(relay.dispatchPending()).rejects.toThrow();
    relay.onApplicationBootstrap();
    cleanups.push(() => relay.onApplicationShutdown());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await dataSource.getRepository(OutboxEvent).findOneByOrFail({ id: eventId })).toMatchObject({
      dispatchedAt: null,
    });

    await redis.start();
    const queue = queueOf(config, QUEUES.sms);
    const jobs = await eventually(async () => {
      const found = await queue.getJobs();
      expect(found).toHaveLength(1);
      return found;
    });
    expect(jobs[0].id).toBe(eventId);
    // The relay marks the row dispatched just after the queue has the job.
    await eventually(async () => {
      const row = await dataSource.getRepository(OutboxEvent).findOneByOrFail({ id: eventId });
      expect(row.dispatchedAt).toBeInstanceOf(Date);
    });
  });
});
