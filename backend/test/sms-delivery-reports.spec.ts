import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { QUEUES, smsText } from '@market/contracts';
import { createApp } from '../src/app.factory';
import { smsDeliveryReportUrl } from '../src/auth/sms-delivery.service';
import { SmsSendingService } from '../src/auth/sms-sending.service';
import { SmsTextSeal } from '../src/auth/sms-text-seal';
import { OutboxService } from '../src/events/outbox.service';
import { EskizSmsSender } from '../../workers/src/sms/eskiz-sms.sender';
import { SmsProcessor } from '../../workers/src/sms/sms.processor';
import { startFakeEskiz, type FakeEskiz } from '../../test/fakes/eskiz';
import { testConfig } from '../../test/support/config';
import { eventually } from '../../test/support/eventually';

const SECRET = 'dlr-0123456789abcdef0123456789abcdef';

describe("Eskiz's delivery reports", () => {
  let app: INestApplication;
  let eskiz: FakeEskiz;
  let database: DataSource;
  let apiUrl: string;
  let sendings: SmsSendingService;

  const eskizSender = (callbackUrl = smsDeliveryReportUrl(apiUrl, SECRET)) =>
    new EskizSmsSender({ baseUrl: eskiz.baseUrl, ...eskiz.credentials, from: '4546', timeoutMs: 2_000, callbackUrl });

  /** Sends an approved SMS through Eskiz as the workers do (the send claimed, then recorded), with our callback_url, for the job `jobId`. */
  async function send(phoneNumber: string, callbackUrl?: string, jobId = randomUUID()) {
    await sendings.claim(jobId, phoneNumber);
    const { messageId } = await eskizSender(callbackUrl).send(phoneNumber, smsText('code', 'uz', { code: 12345 }));
    await sendings.recordSent(jobId, messageId);
    return { jobId, messageId: messageId! };
  }
  const deliveryOf = async (jobId: string) => (await database.query(`SELECT * FROM sms_delivery WHERE job_id = $1`, [jobId]))[0];
  const lastSms = async (phoneNumber: string) =>
    (await request(app.getHttpServer()).get('/api/auth/last-sms').query({ phoneNumber }).expect(200)).body.lastSms;

  beforeAll(async () => {
    eskiz = await startFakeEskiz();
    app = await createApp(testConfig({ ESKIZ_CALLBACK_SECRET: SECRET }));
    await app.listen(0, '127.0.0.1');
    apiUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    database = app.get(DataSource);
    sendings = new SmsSendingService(database);
  });
  afterAll(async () => {
    await app.close();
    await eskiz.close();
  });

  it('gives Eskiz the callback URL and records the delivery status it reports for that SMS', async () => {
    const phone = '998905551001';
    const { jobId, messageId } = await send(phone);
    expect(eskiz.sent.at(-1)!.callback_url).toBe(`${apiUrl}/api/sms/delivery-reports/${SECRET}`);

    await eventually(async () => expect(await deliveryOf(jobId)).toMatchObject({ delivery_status: 'DELIVRD', provider_message_id: messageId }));
    // The row is written before the answer reaches Eskiz (0 until it does).
    await eventually(async () => expect(eskiz.reports.at(-1)!.answeredWith).toBe(200));
    expect(await lastSms(phone)).toBe('delivered');
  });

  it('tells the sign-in screens and the queue dashboard that the last code was not delivered', async () => {
    const phone = '998905551002';
    eskiz.setDeliveryStatus(phone, 'UNDELIV');
    // The SMS's job, queued by the relay before it is sent (no worker runs here): Eskiz reports 20 ms after the send.
    const config = testConfig();
    const queue = new Queue(QUEUES.sms, { connection: { url: config.REDIS_URL }, prefix: config.QUEUE_PREFIX });
    const jobId = randomUUID();
    try {
      await queue.add('sms.requested', { phoneNumber: phone, sealedText: '[redacted after delivery]' }, { jobId });
      await send(phone, undefined, jobId);
      await eventually(async () => expect(await deliveryOf(jobId)).toMatchObject({ delivery_status: 'UNDELIV' }));
      expect(await lastSms(phone)).toBe('notDelivered');
      await eventually(async () => expect((await queue.getJobLogs(jobId)).logs).toEqual([expect.stringMatching(/^Not delivered: Eskiz reported UNDELIV/)]));
    } finally {
      await queue.remove(jobId);
      await queue.close();
    }
    // A number nothing was sent to lately.
    expect(await lastSms('998905551003')).toBeNull();
  });

  it("keeps a report Eskiz sends before answering the send: the worker's record of the send takes it, and the queue dashboard notes it on the job", async () => {
    const phone = '998905551005';
    eskiz.setDeliveryStatus(phone, 'UNDELIV');
    // Eskiz takes the SMS and reports on it (20 ms) before its answer with the id reaches the worker.
    eskiz.delaySends(500);
    const config = testConfig();
    const seal = new SmsTextSeal(config);
    const queue = new Queue(QUEUES.sms, { connection: { url: config.REDIS_URL }, prefix: config.QUEUE_PREFIX });
    const job = await queue.add('sms.requested', { phoneNumber: phone, sealedText: seal.seal(phone, smsText('code', 'uz', { code: 54321 })) }, { jobId: randomUUID() });
    try {
      await expect(new SmsProcessor(sendings, eskizSender(), seal, new OutboxService(database)).process(job)).resolves.toBe('sent');

      expect(eskiz.reports.at(-1)).toMatchObject({ report: { request_id: eskiz.sent.at(-1)!.id, status: 'UNDELIV' }, answeredWith: 200 });
      expect(await deliveryOf(job.id!)).toMatchObject({ status: 'sent', provider_message_id: eskiz.sent.at(-1)!.id, delivery_status: 'UNDELIV' });
      expect(await lastSms(phone)).toBe('notDelivered');
      expect((await queue.getJobLogs(job.id!)).logs).toEqual([expect.stringMatching(/^Not delivered: Eskiz reported UNDELIV at /)]);
      expect(await database.query(`SELECT * FROM sms_early_delivery_report WHERE provider_message_id = $1`, [eskiz.sent.at(-1)!.id])).toEqual([]);
    } finally {
      eskiz.delaySends(0);
      await queue.remove(job.id!);
      await queue.close();
    }
  });

  it('records every report when reports and the records of their sends come at once, in either order', async () => {
    const sends = Array.from({ length: 40 }, (_, n) => ({ jobId: randomUUID(), messageId: randomUUID(), phone: `99890556${String(n).padStart(4, '0')}` }));
    for (const { jobId, phone } of sends) await sendings.claim(jobId, phone);

    // Each report and its send's record start within 30 ms of each other, so each comes first about half the time.
    const soon = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 30));
    await Promise.all(
      sends.flatMap(({ jobId, messageId }) => [
        soon().then(() => request(app.getHttpServer()).post(`/api/sms/delivery-reports/${SECRET}`).send({ request_id: messageId, status: 'DELIVRD' }).expect(200)),
        soon().then(() => sendings.recordSent(jobId, messageId)),
      ]),
    );

    const rows: { delivery_status: string | null }[] = await database.query(`SELECT delivery_status FROM sms_delivery WHERE job_id = ANY($1)`, [sends.map((sent) => sent.jobId)]);
    expect(rows.map((row) => row.delivery_status)).toEqual(sends.map(() => 'DELIVRD'));
    expect(await database.query(`SELECT * FROM sms_early_delivery_report WHERE provider_message_id = ANY($1)`, [sends.map((sent) => sent.messageId)])).toEqual([]);
  });

  it('refuses a report without our secret, or not in Eskiz\'s form, and changes nothing', async () => {
    const phone = '998905551004';
    const { jobId, messageId } = await send(phone, '');
    // Sent, no report yet.
    expect(await lastSms(phone)).toBe('pending');
    const forged = { request_id: messageId, message_id: '4385999', status: 'UNDELIV' };
    await request(app.getHttpServer()).post(`/api/sms/delivery-reports/${SECRET.replace(/.$/, 'x')}`).send(forged).expect(404);
    await request(app.getHttpServer()).post('/api/sms/delivery-reports/short').send(forged).expect(404);
    await request(app.getHttpServer()).post(`/api/sms/delivery-reports/${SECRET}`).send({ ...forged, status: 'undeliv; DROP' }).expect(400);
    expect(await deliveryOf(jobId)).toMatchObject({ delivery_status: null });
    // Eskiz may post its report as a form, too.
    await request(app.getHttpServer()).post(`/api/sms/delivery-reports/${SECRET}`).type('form').send(forged).expect(200, { recorded: true });
    expect(await deliveryOf(jobId)).toMatchObject({ delivery_status: 'UNDELIV' });
  });

  it('counts each number an address asks about once an hour as an account lookup: a screen polling one number goes on, a script asking many is refused', async () => {
    const address = '203.0.113.77';
    const ask = (phoneNumber: string) => request(app.getHttpServer()).get('/api/auth/last-sms').query({ phoneNumber }).set('X-Forwarded-For', address);
    // Sign-in step 2 asks about its number every 5 s until the SMS has an outcome.
    for (let poll = 0; poll < 70; poll++) await ask('998905559000').expect(200);
    // An address behind a carrier's NAT may ask about many numbers, as many as it may look up accounts.
    for (let number = 1; number < 60; number++) await ask(`9989055${String(number).padStart(5, '0')}`).expect(200);
    const refused = await ask('998905570000').expect(429);
    expect(refused.body.code).toBe('tooManyRequests');
    expect(refused.body.message.uz).toBe(`Juda ko'p urinish. ${refused.body.retryAfterSeconds} soniyadan keyin qayta urinib ko'ring`);
    // The numbers it asked about before still answer; another address is not refused.
    await ask('998905559000').expect(200);
    await request(app.getHttpServer()).get('/api/auth/last-sms').query({ phoneNumber: '998905570000' }).set('X-Forwarded-For', '203.0.113.78').expect(200);
  });
});
