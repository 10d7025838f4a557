import { BullModule } from '@nestjs/bullmq';
import { Logger, type INestApplication, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ConfigModule, DatabaseModule } from '@market/backend';
import { PAYMENT_RECHECK_EVERY_MS, PAYMENT_RECHECK_JOB, QUEUES } from '@market/contracts';
import { createApp } from '../../backend/src/app.factory';
import { FAKE_PAYME_CODE, startFakePayme, type FakePayme } from '../../test/fakes/card-gateway';
import { testConfig } from '../../test/support/config';
import { eventually } from '../../test/support/eventually';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { PaymentsWorkerModule } from '../src/payments/payments.module';
import { PaymentsProcessor } from '../src/payments/payments.processor';

const CARD = '8600069195406311';

describe("the workers' re-check of card payments Payme has not settled", () => {
  const config = testConfig({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_payments`, PAYME_MERCHANT_ID: 'market', PAYME_KEY: 'payme-key' });
  let payme: FakePayme;
  let api: INestApplication;
  let workers: INestApplicationContext;
  let queue: Queue;

  async function settlingPayment(user: TestUser, amount: number, pay: Parameters<FakePayme['scriptNextPay']>[0]): Promise<string> {
    const started = await request(api.getHttpServer())
      .post('/api/payments/uzcard/createTransaction')
      .set('Cookie', user.cookie)
      .send({ amount, cardNumber: CARD, expireDate: '9903' })
      .expect(201);
    const { transactionId } = started.body.result;
    payme.scriptNextPay(pay);
    const answer = await request(api.getHttpServer())
      .post('/api/payments/uzcard/confirmTransaction')
      .set('Cookie', user.cookie)
      .send({ transactionId, otp: FAKE_PAYME_CODE })
      .expect(409);
    expect(answer.body.code).toBe('paymentProcessing');
    return transactionId;
  }

  const balanceOf = async (user: TestUser) =>
    Number((await api.get(DataSource).query(`SELECT balance FROM users WHERE id = $1`, [user.id]))[0].balance);
  const statusOf = async (transactionId: string) =>
    (await api.get(DataSource).query(`SELECT status FROM payment_transaction WHERE id = $1`, [transactionId]))[0].status;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    payme = await startFakePayme({ merchantId: 'market', key: 'payme-key', cards: [{ number: CARD, expire: '0399', phone: '998935550011', balance: 1_000_000_000 }] });
    const withPayme = { ...config, PAYME_BASE_URL: payme.url };
    api = await createApp(withPayme);
    await api.init();
    queue = new Queue(QUEUES.payments, { connection: { url: config.REDIS_URL }, prefix: config.QUEUE_PREFIX });
    await queue.obliterate({ force: true });
    workers = await NestFactory.createApplicationContext(
      {
        module: class PaymentWorkersUnderTest {},
        imports: [
          ConfigModule.forRoot(withPayme),
          DatabaseModule,
          BullModule.forRoot({ connection: { url: config.REDIS_URL, maxRetriesPerRequest: null }, prefix: config.QUEUE_PREFIX }),
          PaymentsWorkerModule,
        ],
      },
      { logger: false },
    );
    await workers.init();
  });
  afterAll(async () => {
    await workers.close();
    await api.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await payme.close();
  });

  it('is scheduled on the payments queue', async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: PAYMENT_RECHECK_JOB, name: PAYMENT_RECHECK_JOB, every: PAYMENT_RECHECK_EVERY_MS })]);
  });

  it('credits a payment once its receipt is paid, once however often the job runs or is retried', async () => {
    const user = await createSignedInUser(api);
    const transactionId = await settlingPayment(user, 35_000, { state: 30 });
    const processor = workers.get(PaymentsProcessor);
    const run = () => processor.process({ name: PAYMENT_RECHECK_JOB } as never);

    await expect(run()).resolves.toMatchObject({ paid: 0, stillProcessing: 1 });
    expect(await balanceOf(user)).toBe(0);

    // Payme closes the provider's transaction on its own time.
    const [{ provider_ref: receiptId }] = await api.get(DataSource).query(`SELECT provider_ref FROM payment_transaction WHERE id = $1`, [transactionId]);
    payme.settleReceipt(receiptId, 4);
    await expect(run()).resolves.toMatchObject({ paid: 1 });
    // A retried run, and two runs at once, find nothing left to credit.
    await Promise.all([run(), run(), run()]);
    expect(await balanceOf(user)).toBe(35_000);
    expect(await statusOf(transactionId)).toBe('confirmed');
  });

  it("fails a payment whose receipt Payme cancels and credits nothing", async () => {
    const user = await createSignedInUser(api);
    const transactionId = await settlingPayment(user, 12_000, { state: 21, settlesTo: 50, afterMs: 50 });
    const processor = workers.get(PaymentsProcessor);
    await eventually(async () => expect(await processor.process({ name: PAYMENT_RECHECK_JOB } as never)).toMatchObject({ cancelled: 1 }));
    expect(await statusOf(transactionId)).toBe('failed');
    expect(await balanceOf(user)).toBe(0);
  });
});
