import { BullModule } from '@nestjs/bullmq';
import { Logger, type INestApplication, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ConfigModule, DatabaseModule, type RecheckOutcome } from '@market/backend';
import { CARD_PAYMENT_TTL_SECONDS, PAYMENT_RECHECK_EVERY_MS, PAYMENT_RECHECK_JOB, QUEUES } from '@market/contracts';
import { createApp } from '../../backend/src/app.factory';
import { confirmedCardToken, FAKE_PAYME_CODE, startFakePayme, type FakePayme } from '../../test/fakes/card-gateway';
import { testConfig } from '../../test/support/config';
import { eventually } from '../../test/support/eventually';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { PaymentsWorkerModule } from '../src/payments/payments.module';
import { PaymentsProcessor } from '../src/payments/payments.processor';
import { SchedulesModule } from '../src/schedules/schedules.module';

const CARD = '8600069195406311';

describe("the workers' re-check of card payments that reached Payme and are not final", () => {
  const config = testConfig({
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_payments`,
    PAYME_MERCHANT_ID: 'market',
    PAYME_KEY: 'payme-key',
    PAYME_TIMEOUT_MS: '500',
  });
  let payme: FakePayme;
  let api: INestApplication;
  let workers: INestApplicationContext;
  let queue: Queue;

  /** The card confirmed at Payme by the browser, then the payment created with its token. */
  async function startedPayment(user: TestUser, amount: number): Promise<string> {
    const confirmed = await confirmedCardToken({ url: payme.url, cashboxId: 'market' }, { number: CARD, expire: '0399' }, FAKE_PAYME_CODE);
    if (!('token' in confirmed)) throw new Error(`Payme refused the card: ${confirmed.refusal.code}`);
    const started = await request(api.getHttpServer())
      .post('/api/payments/uzcard/createTransaction')
      .set('Cookie', user.cookie)
      .send({ amount, cardToken: confirmed.token })
      .expect(201);
    return started.body.result.transactionId;
  }

  const confirmation = (user: TestUser, transactionId: string) =>
    request(api.getHttpServer()).post('/api/payments/uzcard/confirmTransaction').set('Cookie', user.cookie).send({ transactionId });

  async function settlingPayment(user: TestUser, amount: number, pay: Parameters<FakePayme['scriptNextPay']>[0]): Promise<string> {
    const transactionId = await startedPayment(user, amount);
    payme.scriptNextPay(pay);
    const answer = await confirmation(user, transactionId).expect(200);
    expect(answer.body).toEqual({ result: { status: 'processing' } });
    return transactionId;
  }

  const recheck = () => workers.get(PaymentsProcessor).process({ name: PAYMENT_RECHECK_JOB } as never) as Promise<RecheckOutcome>;

  const balanceOf = async (user: TestUser) =>
    Number((await api.get(DataSource).query(`SELECT balance FROM users WHERE id = $1`, [user.id]))[0].balance);
  const statusOf = async (transactionId: string) =>
    (await api.get(DataSource).query(`SELECT status FROM payment_transaction WHERE id = $1`, [transactionId]))[0].status;
  const receiptOf = async (transactionId: string): Promise<string> =>
    (await api.get(DataSource).query(`SELECT provider_ref FROM payment_transaction WHERE id = $1`, [transactionId]))[0].provider_ref;
  /** Moves a payment's start `seconds` into the past. */
  const age = (transactionId: string, seconds: number) =>
    api.get(DataSource).query(`UPDATE payment_transaction SET created_at = now() - make_interval(secs => $2) WHERE id = $1`, [transactionId, seconds]);

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
          SchedulesModule,
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
    // The queue also runs the promotions' settlement (issue 39): the re-check is there once.
    expect(schedulers.filter((scheduler) => scheduler.name === PAYMENT_RECHECK_JOB)).toEqual([
      expect.objectContaining({ key: PAYMENT_RECHECK_JOB, every: PAYMENT_RECHECK_EVERY_MS }),
    ]);
  });

  it('credits a payment once its receipt is paid, once however often the job runs or is retried', async () => {
    const user = await createSignedInUser(api);
    const transactionId = await settlingPayment(user, 35_000, { state: 30 });
    const processor = workers.get(PaymentsProcessor);
    const run = () => processor.process({ name: PAYMENT_RECHECK_JOB } as never);

    await expect(run()).resolves.toMatchObject({ paid: 0, unresolved: 1 });
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

  it('credits, once, a payment Payme charged whose answer never came back, with no action by the user', async () => {
    const user = await createSignedInUser(api);
    const transactionId = await startedPayment(user, 27_000);
    const cardBefore = payme.cardBalance(CARD)!;
    payme.loseAnswerOfNext('receipts.pay');
    const answer = await confirmation(user, transactionId).expect(504);
    expect(answer.body.code).toBe('paymentGatewayTimeout');
    expect(payme.cardBalance(CARD)).toBe(cardBefore - 2_700_000);
    // The user closes the dialog and never confirms again.

    await recheck();
    await recheck();
    expect(await balanceOf(user)).toBe(27_000);
    expect(await statusOf(transactionId)).toBe('confirmed');
    expect(payme.cardBalance(CARD)).toBe(cardBefore - 2_700_000);
  });

  it('takes over a confirmation the API never finished (it stopped mid-call) and credits it once', async () => {
    const user = await createSignedInUser(api);
    const transactionId = await startedPayment(user, 8_000);
    payme.loseAnswerOfNext('receipts.pay');
    await confirmation(user, transactionId).expect(504);
    // As if the API had stopped with the payment claimed, long ago.
    await api.get(DataSource).query(`UPDATE payment_transaction SET status = 'confirming', claimed_at = now() - interval '1 hour' WHERE id = $1`, [transactionId]);

    await expect(recheck()).resolves.toMatchObject({ paid: 1 });
    await recheck();
    expect(await balanceOf(user)).toBe(8_000);
  });

  it('leaves a payment the user may still confirm as it is, and fails an unpaid one past its lifetime, cancelling its receipt', async () => {
    const user = await createSignedInUser(api);
    const waiting = await startedPayment(user, 5_000);
    const forgotten = await startedPayment(user, 6_000);
    await age(forgotten, CARD_PAYMENT_TTL_SECONDS + 60);

    await expect(recheck()).resolves.toMatchObject({ expired: 1 });
    expect(await statusOf(waiting)).toBe('pending');
    expect(await statusOf(forgotten)).toBe('failed');
    // A late receipts.pay (one still on its way) can no longer take the money.
    expect(payme.receiptState(await receiptOf(forgotten))).toBe(50);
    expect(payme.receiptState(await receiptOf(waiting))).toBe(0);

    await confirmation(user, waiting).expect(200);
    expect(await balanceOf(user)).toBe(5_000);
  });

  it('checks a payment less often as it ages, and shows admins the ones still unresolved after an hour', async () => {
    const user = await createSignedInUser(api);
    const admin = await createSignedInUser(api, { role: 'admin' });
    const stuck = await settlingPayment(user, 9_000, { state: 20 });
    await age(stuck, 2 * 60 * 60);

    const first = await recheck();
    expect(first.unresolvedAfterAnHour).toContain(stuck);
    const checks = payme.callsOf('receipts.check').length;
    await recheck();
    // Two hours old: checked again in twelve minutes, not at the next run.
    expect(payme.callsOf('receipts.check').length).toBe(checks);

    const list = await request(api.getHttpServer()).get('/api/admin/payments/unresolved').set('Cookie', admin.cookie).expect(200);
    expect(list.body.payments).toContainEqual(
      expect.objectContaining({ id: stuck, userId: user.id, amount: 9_000, status: 'settling', receipt: await receiptOf(stuck) }),
    );
    await request(api.getHttpServer()).get('/api/admin/payments/unresolved').set('Cookie', user.cookie).expect(403);
  });
});
