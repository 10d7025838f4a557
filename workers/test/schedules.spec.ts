import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { startHttpFake } from '../../test/fakes/http-fake';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';
import { eventually } from '../../test/support/eventually';
import { QueueProcessor } from '../src/queue-processor';
import { SCHEDULED_QUEUES, SCHEDULES } from '../src/schedules/schedules';
import { WorkersModule } from '../src/workers.module';

/**
 * Two worker processes on one database and one Redis, as scaled out (docs/scale-out.md): each
 * scheduled job has one schedule, and each tick is run by one of them. A database of its own: a
 * fetched rate re-prices every dollar listing of the table.
 */
describe("the workers' schedules, with two worker processes", () => {
  const USD_PATH = '/uz/arkhiv-kursov-valyut/json/USD/';
  let cbu: Awaited<ReturnType<typeof startHttpFake>>;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let queues: Queue[];
  let workers: INestApplicationContext[] = [];
  /** Every job the two processes' queue workers ran, by job id. */
  const runs: string[] = [];

  const usdRateCalls = () => cbu.calls.filter((call) => call.path === USD_PATH).length;

  beforeAll(async () => {
    cbu = await startHttpFake(() => ({ body: [{ Ccy: 'USD', Rate: '12800.55', Date: '27.11.2026' }] }));
    database = await ownTestDatabase('schedules');
    const config = testConfig({
      DATABASE_URL: database.url,
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_schedules`,
      EXCHANGE_RATE_URL: `${cbu.url}${USD_PATH}`,
    });
    queues = SCHEDULED_QUEUES.map((name) => new Queue(name, { connection: { url: config.REDIS_QUEUE_URL }, prefix: config.QUEUE_PREFIX }));
    await Promise.all(queues.map((queue) => queue.obliterate({ force: true })));
    const runJob = QueueProcessor.prototype.process;
    jest.spyOn(QueueProcessor.prototype, 'process').mockImplementation(function (this: QueueProcessor, job: Job, token?: string) {
      runs.push(job.id!);
      return runJob.call(this, job, token);
    });
    // Both start together, as two nodes of a deploy do.
    workers = await Promise.all(
      [1, 2].map(async () => {
        const context = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { logger: false });
        return context.init();
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(workers.map((context) => context.close()));
    await Promise.all(queues.map((queue) => queue.obliterate({ force: true }).then(() => queue.close())));
    jest.restoreAllMocks();
    await cbu.close();
    await database.drop();
  });

  it('keeps one schedule of each scheduled job', async () => {
    for (const queue of queues) {
      const scheduled = (await queue.getJobSchedulers()).map((scheduler) => scheduler.name).sort();
      expect(scheduled).toEqual(SCHEDULES.filter((entry) => entry.queue === queue.name).map((entry) => entry.job).sort());
    }
  });

  it('fetches the USD rate once when both start', async () => {
    await eventually(async () => {
      const [{ rate }] = await workers[0].get(DataSource).query(`SELECT rate FROM exchange_rate ORDER BY fetched_at DESC LIMIT 1`);
      expect(Number(rate)).toBe(12800.55);
    });
    // Time for a second process's fetch, which would come at its start.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(usdRateCalls()).toBe(1);
  });

  it('runs each tick of each schedule on one of the two', async () => {
    // The next tick of every schedule comes now.
    const ticks: Job[] = [];
    for (const queue of queues) ticks.push(...(await queue.getDelayed()).filter((job) => job.repeatJobKey));
    expect(ticks.map((tick) => tick.name).sort()).toEqual(SCHEDULES.map((entry) => entry.job).sort());
    await Promise.all(ticks.map((tick) => tick.promote()));

    await eventually(async () => {
      for (const tick of ticks) expect(await tick.getState()).toBe('completed');
    }, 15_000);
    // The rate source was asked once for the tick; a run taken by both would show twice here and in the runs.
    expect(usdRateCalls()).toBe(2);
    for (const tick of ticks) expect(runs.filter((id) => id === tick.id)).toHaveLength(1);
  });
});
