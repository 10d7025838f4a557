import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import request from 'supertest';
import { QUEUES } from '@market/contracts';
import { createApp } from '../src/app.factory';
import { testConfig } from '../../test/support/config';
import { createSignedInUser } from '../../test/support/users';

describe('queue dashboard', () => {
  const config = testConfig();
  let app: INestApplication;
  let sms: Queue;
  beforeAll(async () => {
    app = await createApp(config);
    await app.init();
    sms = new Queue(QUEUES.sms, { connection: { url: config.REDIS_URL }, prefix: config.QUEUE_PREFIX });
  });
  afterAll(async () => {
    await sms.obliterate({ force: true });
    await sms.close();
    await app.close();
  });

  it('shows admins every queue', async () => {
    const admin = await createSignedInUser(app, { role: 'admin' });
    await request(app.getHttpServer()).get('/api/admin/queues').set('Cookie', admin.cookie).expect(200).expect('Content-Type', /html/);
    const queues = await request(app.getHttpServer()).get('/api/admin/queues/api/queues').set('Cookie', admin.cookie).expect(200);
    expect(queues.body.queues.map((queue: { name: string }) => queue.name).sort()).toEqual(Object.values(QUEUES).sort());
  });

  it('is closed to sellers and visitors', async () => {
    const seller = await createSignedInUser(app);
    const forbidden = await request(app.getHttpServer()).get('/api/admin/queues').set('Cookie', seller.cookie).expect(403);
    expect(forbidden.body.code).toBe('forbidden');
    await request(app.getHttpServer()).get('/api/admin/queues/api/queues').expect(401);
  });

  it('lets no admin add a job or change one: an SMS job would text anything to anyone past every limit', async () => {
    const admin = await createSignedInUser(app, { role: 'admin' });
    const added = await request(app.getHttpServer())
      .post(`/api/admin/queues/api/queues/${QUEUES.sms}/add`)
      .set('Cookie', admin.cookie)
      .send({ name: 'sms.requested', data: { phoneNumber: '447911123456', text: 'win a prize' } })
      .expect(403);
    expect(added.body.code).toBe('forbidden');
    expect(await sms.getJobCounts()).toEqual(expect.objectContaining({ waiting: 0, delayed: 0, prioritized: 0 }));

    const job = await sms.add('sms.requested', { phoneNumber: '998901234567', text: 'Kod: 12345' }, { delay: 60_000 });
    for (const [method, path, body] of [
      ['patch', `${job.id}/update-data`, { data: { phoneNumber: '447911123456', text: 'win a prize' } }],
      ['patch', `${job.id}/delay`, { delay: 0 }],
      ['put', 'empty', {}],
      ['put', 'obliterate', {}],
    ] as const) {
      await request(app.getHttpServer())[method](`/api/admin/queues/api/queues/${QUEUES.sms}/${path}`).set('Cookie', admin.cookie).send(body).expect(403);
    }
    expect((await sms.getJob(job.id!))?.data).toEqual({ phoneNumber: '998901234567', text: 'Kod: 12345' });
  });

  it('keeps retrying and cleaning jobs for admins', async () => {
    const admin = await createSignedInUser(app, { role: 'admin' });
    const job = await sms.add('sms.requested', { phoneNumber: '998901234567', text: 'Salom' }, { delay: 60_000 });
    await request(app.getHttpServer()).put(`/api/admin/queues/api/queues/${QUEUES.sms}/retry/failed`).set('Cookie', admin.cookie).expect(200);
    await request(app.getHttpServer()).put(`/api/admin/queues/api/queues/${QUEUES.sms}/${job.id}/clean`).set('Cookie', admin.cookie).expect(204);
    expect(await sms.getJob(job.id!)).toBeUndefined();
  });

  it("refuses an admin's change sent from another site, as every other state-changing request", async () => {
    const admin = await createSignedInUser(app, { role: 'admin' });
    const job = await sms.add('sms.requested', { phoneNumber: '998901234567', text: 'Salom' }, { delay: 60_000 });
    const refused = await request(app.getHttpServer())
      .put(`/api/admin/queues/api/queues/${QUEUES.sms}/${job.id}/clean`)
      .set('Cookie', admin.cookie)
      .set('Origin', 'https://attacker.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    expect(refused.body.code).toBe('foreignOrigin');
    expect(await sms.getJob(job.id!)).toBeDefined();
  });
});
