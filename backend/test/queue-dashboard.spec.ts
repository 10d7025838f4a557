import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { testConfig } from '../../test/support/config';
import { createSignedInUser } from '../../test/support/users';

describe('queue dashboard', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await createApp(testConfig());
    await app.init();
  });
  afterAll(() => app.close());

  it('shows admins every queue', async () => {
    const admin = await createSignedInUser(app, { role: 'admin' });
    await request(app.getHttpServer()).get('/api/admin/queues').set('Cookie', admin.cookie).expect(200).expect('Content-Type', /html/);
    const queues = await request(app.getHttpServer()).get('/api/admin/queues/api/queues').set('Cookie', admin.cookie).expect(200);
    expect(queues.body.queues.map((queue: { name: string }) => queue.name).sort()).toEqual(['device-specs', 'notify', 'sms', 'social']);
  });

  it('is closed to sellers and visitors', async () => {
    const seller = await createSignedInUser(app);
    const forbidden = await request(app.getHttpServer()).get('/api/admin/queues').set('Cookie', seller.cookie).expect(403);
    expect(forbidden.body.code).toBe('forbidden');
    await request(app.getHttpServer()).get('/api/admin/queues/api/queues').expect(401);
  });
});
