import { BullModule } from '@nestjs/bullmq';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ConfigModule, DatabaseModule, OutboxService, SmsSendingService, SmsTextSeal } from '@market/backend';
import { QUEUES, smsText } from '@market/contracts';
import { dataSourceOptions } from '../../backend/src/database/data-source-options';
import { OutboxEvent } from '../../backend/src/events/outbox-event.entity';
import { startFakeEskiz, type FakeEskiz } from '../../test/fakes/eskiz';
import { testConfig } from '../../test/support/config';
import { eventually } from '../../test/support/eventually';
import { DevelopmentSmsSender } from '../src/sms/development-sms.sender';
import { EskizSmsSender } from '../src/sms/eskiz-sms.sender';
import { SmsProcessor } from '../src/sms/sms.processor';
import { createSmsSender, SmsModule } from '../src/sms/sms.module';

const PHONE = '998905550011';

/** An approved text (the fake Eskiz refuses any other): the confirmation code `n`. */
const code = (n: number) => smsText('code', 'uz', { code: n });

describe('SMS delivery', () => {
  let eskiz: FakeEskiz;
  let dataSource: DataSource;
  let outbox: OutboxService;
  let queue: Queue;
  const config = testConfig({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_sms` });
  const seal = new SmsTextSeal(config);

  const eskizSender = (timeoutMs = 2_000) =>
    new EskizSmsSender({ baseUrl: eskiz.baseUrl, ...eskiz.credentials, from: '4546', timeoutMs, callbackUrl: '' });

  /** An 'sms.requested' event in the outbox and its job, as the relay would have queued it. */
  async function smsJob(text: string, attempts = 3): Promise<Job> {
    const payload = { phoneNumber: PHONE, sealedText: seal.seal(PHONE, text) };
    const eventId = await dataSource.transaction((transaction) => outbox.record(transaction, 'sms.requested', payload));
    return queue.add('sms.requested', payload, { jobId: eventId, attempts });
  }

  async function delivery(jobId: string | undefined) {
    const [row] = await dataSource.query(`SELECT * FROM sms_delivery WHERE job_id = $1`, [jobId]);
    return row;
  }

  beforeAll(async () => {
    Logger.overrideLogger(false);
    dataSource = await new DataSource({ ...dataSourceOptions(config), entities: [OutboxEvent] }).initialize();
    outbox = new OutboxService(dataSource);
    queue = new Queue(QUEUES.sms, { connection: { url: config.REDIS_URL }, prefix: config.QUEUE_PREFIX });
  });
  beforeEach(async () => {
    eskiz = await startFakeEskiz();
  });
  afterEach(() => eskiz.close());
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await dataSource.destroy();
  });

  it('signs in to Eskiz and sends the message; the text is then wiped from the job and the outbox', async () => {
    const processor = new SmsProcessor(new SmsSendingService(dataSource), eskizSender(), seal, outbox);
    const job = await smsJob('Telefon bozor: parolingiz 12345678');

    await expect(processor.process(job)).resolves.toBe('sent');

    expect(eskiz.logins).toBe(1);
    expect(eskiz.sent).toEqual([{ id: expect.any(String), mobile_phone: PHONE, message: 'Telefon bozor: parolingiz 12345678', from: '4546' }]);
    expect(await delivery(job.id)).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: eskiz.sent[0].id });
    // (The outbox relay's tests empty outbox_event between their tests, so the row may be gone already.)
    const events: { payload: unknown }[] = await dataSource.query(`SELECT payload FROM outbox_event WHERE id = $1`, [job.id]);
    for (const event of events) expect(event.payload).toEqual({ phoneNumber: PHONE, sealedText: '[redacted after delivery]' });
    expect((await Job.fromId(queue, job.id!))!.data).toEqual({ phoneNumber: PHONE, sealedText: '[redacted after delivery]' });
  });

  it('signs in again once when the token has expired, and sends', async () => {
    const sender = eskizSender();
    const processor = new SmsProcessor(new SmsSendingService(dataSource), sender, seal, outbox);
    await processor.process(await smsJob(code(11111)));
    eskiz.expireTokens();

    await expect(processor.process(await smsJob(code(22222)))).resolves.toBe('sent');

    expect(eskiz.logins).toBe(2);
    expect(eskiz.sent.map((sms) => sms.message)).toEqual([code(11111), code(22222)]);
    expect(eskiz.sendAttempts).toBe(3);
  });

  it('does not send again when a job runs again after sending, before its text was wiped', async () => {
    const processor = new SmsProcessor(new SmsSendingService(dataSource), eskizSender(), seal, outbox);
    const job = await smsJob(code(33333));
    const sealed = job.data;
    await processor.process(job);
    // As if the worker had stopped between recording the delivery and wiping the text.
    await job.updateData(sealed);

    await expect(processor.process(job)).resolves.toBe('already-sent');

    expect(eskiz.sent).toHaveLength(1);
  });

  it('never sends again after an attempt whose outcome is unknown (the answer timed out)', async () => {
    eskiz.delaySends(1_000);
    const processor = new SmsProcessor(new SmsSendingService(dataSource), eskizSender(200), seal, outbox);
    const job = await smsJob(code(44444));

    await expect(processor.process(job)).rejects.toThrow(/unreachable/);
    await expect(processor.process(job)).resolves.toBe('outcome-unknown');

    expect(eskiz.sent).toHaveLength(1);
    expect(await delivery(job.id)).toMatchObject({ status: 'unknown', attempts: 1 });
  });

  it('does not retry a message Eskiz refuses (4xx)', async () => {
    eskiz.failNextSends(400);
    const processor = new SmsProcessor(new SmsSendingService(dataSource), eskizSender(), seal, outbox);
    const job = await smsJob(code(55555));

    await expect(processor.process(job)).rejects.toBeInstanceOf(UnrecoverableError);

    expect(await delivery(job.id)).toMatchObject({ status: 'failed' });
    // Its text is wiped at once: even a retry by hand has nothing to send.
    await expect(processor.process((await Job.fromId(queue, job.id!))!)).resolves.toBe('text-redacted');
    expect(eskiz.sendAttempts).toBe(1);
  });

  it('fails, without sending, a text sealed with another key (the API and the workers must share SMS_SECRET_KEY)', async () => {
    const otherKey = new SmsTextSeal(testConfig({ SMS_SECRET_KEY: randomBytes(32).toString('base64') }));
    const processor = new SmsProcessor(new SmsSendingService(dataSource), eskizSender(), otherKey, outbox);
    const job = await smsJob('Telefon bozor: parolingiz 31415926');

    await expect(processor.process(job)).rejects.toThrow(
      new UnrecoverableError('The SMS text does not open (sealed with another SMS_SECRET_KEY, or for another number): not sent'),
    );

    expect(eskiz.sendAttempts).toBe(0);
    expect(await delivery(job.id)).toBeUndefined();
  });

  it('never sends a sealed text to a number it was not sealed for', async () => {
    const processor = new SmsProcessor(new SmsSendingService(dataSource), eskizSender(), seal, outbox);
    const sealedForAnother = { phoneNumber: '998905550099', sealedText: seal.seal(PHONE, 'Telefon bozor: parolingiz 27182818') };
    const job = await queue.add('sms.requested', sealedForAnother, { jobId: randomUUID() });

    await expect(processor.process(job)).rejects.toBeInstanceOf(UnrecoverableError);

    expect(eskiz.sendAttempts).toBe(0);
  });

  describe('through the queue', () => {
    let workers: INestApplicationContext;
    let queueEskiz: FakeEskiz;

    beforeAll(async () => {
      // The jobs of the tests above were run by hand; the worker must not pick them up.
      await queue.obliterate({ force: true });
      queueEskiz = await startFakeEskiz();
      workers = await NestFactory.createApplicationContext(
        {
          module: class SmsWorkersUnderTest {},
          imports: [
            ConfigModule.forRoot({
              ...config,
              ESKIZ_BASE_URL: queueEskiz.baseUrl,
              ESKIZ_EMAIL: queueEskiz.credentials.email,
              ESKIZ_PASSWORD: queueEskiz.credentials.password,
            }),
            DatabaseModule,
            BullModule.forRoot({ connection: { url: config.REDIS_URL, maxRetriesPerRequest: null }, prefix: config.QUEUE_PREFIX }),
            SmsModule,
          ],
        },
        { logger: false },
      );
      await workers.init();
    });
    afterAll(async () => {
      await workers.close();
      await queueEskiz.close();
    });

    it('logs a job it cannot read, without its text', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const job = await queue.add('sms.requested', { phoneNumber: 'not a number', text: 'Telefon bozor: kod 98765' }, { jobId: randomUUID(), attempts: 1 });

      await eventually(async () => expect(await job.getState()).toBe('failed'));
      await eventually(async () =>
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^Job sms\\.requested ${job.id} failed on attempt 1: `))),
      );
      expect(warn.mock.calls.flat().join('\n')).not.toContain('98765');
      expect(queueEskiz.sendAttempts).toBe(0);
      warn.mockRestore();
    });

    it('retries a 5xx answer and sends the message exactly once', async () => {
      queueEskiz.failNextSends(500, 502);
      const job = await queue.add(
        'sms.requested',
        { phoneNumber: PHONE, sealedText: seal.seal(PHONE, code(66666)) },
        { jobId: randomUUID(), attempts: 5, backoff: { type: 'fixed', delay: 50 } },
      );

      await eventually(async () => expect(await job.getState()).toBe('completed'));

      expect(queueEskiz.sent.map((sms) => sms.message)).toEqual([code(66666)]);
      expect(queueEskiz.sendAttempts).toBe(3);
      expect(await delivery(job.id)).toMatchObject({ status: 'sent', attempts: 3 });
    });
  });
});

describe('SMS texts Eskiz has not approved', () => {
  const config = testConfig({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_sms_templates` });
  const seal = new SmsTextSeal(config);
  let dataSource: DataSource;
  let queue: Queue;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    dataSource = await new DataSource({ ...dataSourceOptions(config), entities: [OutboxEvent] }).initialize();
    queue = new Queue(QUEUES.sms, { connection: { url: config.REDIS_URL }, prefix: config.QUEUE_PREFIX });
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await dataSource.destroy();
  });

  async function sendThrough(eskiz: FakeEskiz, text: string) {
    const sender = new EskizSmsSender({ baseUrl: eskiz.baseUrl, ...eskiz.credentials, from: '4546', timeoutMs: 2_000, callbackUrl: '' });
    const processor = new SmsProcessor(new SmsSendingService(dataSource), sender, seal, new OutboxService(dataSource));
    const payload = { phoneNumber: PHONE, sealedText: seal.seal(PHONE, text) };
    const eventId = await dataSource.transaction((transaction) => new OutboxService(dataSource).record(transaction, 'sms.requested', payload));
    const job = await queue.add('sms.requested', payload, { jobId: eventId, attempts: 3 });
    const outcome = await processor.process(job).catch((error: unknown) => error);
    const [delivery] = await dataSource.query(`SELECT * FROM sms_delivery WHERE job_id = $1`, [job.id]);
    return { outcome, delivery };
  }

  it('fails loudly, not as sent, and says how to fix it, when Eskiz refuses a text that is not an approved template', async () => {
    // An account in test status: only Eskiz's own test text is approved.
    const eskiz = await startFakeEskiz(undefined, { approved: [] });
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const { outcome, delivery } = await sendThrough(eskiz, smsText('password', 'uz', { password: '12345678' }));
      expect(outcome).toBeInstanceOf(UnrecoverableError);
      expect(delivery).toMatchObject({ status: 'failed', error: expect.stringMatching(/not an approved SMS template.*npm run sms:templates/) });
      expect(eskiz.sent).toEqual([]);
      expect(warn.mock.calls.flat().join('\n')).toMatch(/not an approved SMS template/);
      expect(warn.mock.calls.flat().join('\n')).not.toContain('12345678');
    } finally {
      warn.mockRestore();
      await eskiz.close();
    }
  });

  it('counts an answer without an accepted status as not sent', async () => {
    const eskiz = await startFakeEskiz();
    try {
      eskiz.answerNextSend({ status: 'rejected' });
      const { outcome, delivery } = await sendThrough(eskiz, code(77777));
      expect(outcome).toBeInstanceOf(UnrecoverableError);
      expect(delivery).toMatchObject({ status: 'failed', error: "Eskiz did not take the SMS (status 'rejected')" });
    } finally {
      await eskiz.close();
    }
  });

  it('sends every text of contracts once they are approved', async () => {
    const eskiz = await startFakeEskiz();
    try {
      expect((await sendThrough(eskiz, code(88888))).outcome).toBe('sent');
      expect((await sendThrough(eskiz, smsText('password', 'uz', { password: 'k7Q2mZ9a' }))).outcome).toBe('sent');
    } finally {
      await eskiz.close();
    }
  });
});

describe('SMS driver choice', () => {
  it('uses Eskiz when its e-mail and password are set', () => {
    const sender = createSmsSender(testConfig({ ESKIZ_EMAIL: 'ops@example.uz', ESKIZ_PASSWORD: 'x' }));
    expect(sender).toBeInstanceOf(EskizSmsSender);
  });

  it('writes the SMS to the log, clearly labelled, when Eskiz is not configured', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const sender = createSmsSender(testConfig({ ESKIZ_EMAIL: '', ESKIZ_PASSWORD: '' }));
    expect(sender).toBeInstanceOf(DevelopmentSmsSender);

    await sender.send(PHONE, 'Telefon bozor: tasdiqlash kodi 54321');

    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^DEVELOPMENT SMS \(not sent.*\+998905550011: .*54321/));
    warn.mockRestore();
  });
});
