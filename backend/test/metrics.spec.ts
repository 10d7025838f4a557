import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CONVERSATION_SOCKET_PATH } from '@market/contracts';
import { createApp } from '../src/app.factory';
import { testConfig } from '../../test/support/config';
import { eventually } from '../../test/support/eventually';
import { createSignedInUser } from '../../test/support/users';

const METRICS_TOKEN = randomBytes(24).toString('hex');

/** The value of one sample of the scrape, or 0 when the series has no such sample yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  const line = text.split('\n').find((candidate) => /^[\w]+/.exec(candidate)?.[0] === name && wanted.every((pair) => candidate.includes(pair)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('GET /api/metrics', () => {
  let app: INestApplication;
  const scrape = async () => (await request(app.getHttpServer()).get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200)).text;

  beforeAll(async () => {
    app = await createApp(testConfig({ METRICS_TOKEN, PUBLIC_CACHE_TTL_MS: '60000' }));
    await app.listen(0, '127.0.0.1');
  });
  afterAll(() => app.close());

  it('answers the series an operator watches, in the Prometheus text format', async () => {
    const answer = await request(app.getHttpServer()).get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain;.* version=0\.0\.4/);
    const declared = [...answer.text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => `${name} ${type}`);
    expect(declared).toEqual(
      expect.arrayContaining([
        'http_request_duration_seconds histogram',
        'public_answer_cache_requests_total counter',
        'db_pool_connections gauge',
        'db_pool_waiting_requests gauge',
        'bullmq_jobs gauge',
        'outbox_oldest_pending_seconds gauge',
        'sms_messages_total counter',
        'sms_delivery_reports_total counter',
        'payments_unresolved_after_an_hour gauge',
        'pg_replica_lag_seconds gauge',
        'public_read_replica_in_use gauge',
        'pg_wal_archive_failing gauge',
        'nodejs_eventloop_lag_p99_seconds gauge',
        'conversation_connected_pages gauge',
      ]),
    );
    for (const state of ['waiting', 'active', 'failed', 'delayed']) {
      expect(answer.text).toMatch(new RegExp(`^bullmq_jobs\\{queue="sms",state="${state}"\\} \\d+$`, 'm'));
    }
    expect(answer.text).toMatch(/^db_pool_waiting_requests\{pool="public-reads"\} 0$/m);
    expect(answer.text).toMatch(/^pg_wal_archive_failing 0$/m);
  });

  it('refuses a visitor, a wrong token and a user who is not an admin, with the usual envelope', async () => {
    const visitor = await request(app.getHttpServer()).get('/api/metrics').expect(401);
    expect(visitor.body.code).toBe('unauthorized');
    await request(app.getHttpServer()).get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN.replace(/.$/, 'x')}`).expect(401);
    const seller = await createSignedInUser(app);
    const forbidden = await request(app.getHttpServer()).get('/api/metrics').set('Cookie', seller.cookie).expect(403);
    expect(forbidden.body.code).toBe('forbidden');
  });

  it('answers an admin session', async () => {
    const admin = await createSignedInUser(app, { role: 'admin' });
    await request(app.getHttpServer()).get('/api/metrics').set('Cookie', admin.cookie).expect(200);
  });

  it('moves the latency histogram of the route pattern and status a request was answered with, never its raw URL', async () => {
    const listing = '00000000-0000-4000-8000-000000000000';
    const route = { route: '/api/phone/:id', status: '404', le: '+Inf' };
    const before = sample(await scrape(), 'http_request_duration_seconds_bucket', route);
    await request(app.getHttpServer()).get(`/api/phone/${listing}`).expect(404);
    const after = await scrape();
    expect(sample(after, 'http_request_duration_seconds_bucket', route)).toBe(before + 1);
    expect(after).not.toContain(listing);
  });

  it('counts the public answers computed as misses and those replayed from memory as hits, and times the replays', async () => {
    const before = await scrape();
    const feed = { route: '/api/category', status: '200', le: '+Inf' };
    await request(app.getHttpServer()).get('/api/category?metrics=1').expect(200);
    await request(app.getHttpServer()).get('/api/category?metrics=1').expect(200);
    const after = await scrape();
    expect(sample(after, 'public_answer_cache_requests_total', { result: 'miss' })).toBe(sample(before, 'public_answer_cache_requests_total', { result: 'miss' }) + 1);
    expect(sample(after, 'public_answer_cache_requests_total', { result: 'hit' })).toBe(sample(before, 'public_answer_cache_requests_total', { result: 'hit' }) + 1);
    expect(sample(after, 'http_request_duration_seconds_bucket', feed)).toBe(sample(before, 'http_request_duration_seconds_bucket', feed) + 2);
  });

  it("reports the outbox's oldest undispatched event", async () => {
    const dataSource = app.get(DataSource);
    const [{ id }] = await dataSource.query(
      `INSERT INTO outbox_event (name, payload, created_at) VALUES ('listing.approved', '{}', now() - interval '90 seconds') RETURNING id`,
    );
    try {
      expect(sample(await scrape(), 'outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(90);
    } finally {
      await dataSource.query(`UPDATE outbox_event SET dispatched_at = now() WHERE id = $1`, [id]);
    }
  });

  it('counts the signed-in pages connected for real-time messages, and forgets a page that left', async () => {
    const buyer = await createSignedInUser(app);
    const before = sample(await scrape(), 'conversation_connected_pages');
    const page = (cookie?: string) =>
      io(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`, {
        path: CONVERSATION_SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: cookie ? { Cookie: cookie } : {},
      });
    const signedIn = page(buyer.cookie);
    const visitor = page();
    await Promise.all([
      new Promise((resolve) => signedIn.on('connect', () => resolve(undefined))),
      new Promise((resolve) => visitor.on('connect_error', () => resolve(undefined))),
    ]);
    expect(sample(await scrape(), 'conversation_connected_pages')).toBe(before + 1);
    signedIn.disconnect();
    await eventually(async () => expect(sample(await scrape(), 'conversation_connected_pages')).toBe(before));
  });
});
