import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory';
import { startedApp } from '../../test/support/app';
import { testConfig } from '../../test/support/config';
import { eventually } from '../../test/support/eventually';
import { startPrivateRedis } from '../../test/support/redis-server';
import { startTcpProxy, throughProxy } from '../../test/support/tcp-proxy';
import { createSignedInUser } from '../../test/support/users';
import { cameraJpeg, listingsApp } from './listings-support';

describe('/api/health when a dependency is down', () => {
  it('answers 503 naming the database when PostgreSQL is unreachable, and recovers', async () => {
    const config = testConfig();
    const target = new URL(config.DATABASE_URL);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const app: INestApplication = await createApp({ ...config, DATABASE_URL: throughProxy(config.DATABASE_URL, proxy.port) });
    await app.init();
    try {
      proxy.cut();
      const down = await request(app.getHttpServer()).get('/api/health').expect(503);
      expect(down.body).toEqual({ status: 'unavailable', database: 'down', redis: { cache: 'up', queues: 'up' }, draining: false, outboxAgeSeconds: null, replicas: [] });
      await request(app.getHttpServer()).get('/api/health/ready').expect(503);
      // Restarting the process would not bring PostgreSQL back: it is still live.
      await request(app.getHttpServer()).get('/api/health/live').expect(200, { status: 'ok' });

      proxy.restore();
      await request(app.getHttpServer()).get('/api/health').expect(200);
    } finally {
      await app.close();
      await proxy.close();
    }
  });

  // Every node shares both Redis: a 503 from each would take them all out of the load balancer at once.
  it('stays ready while the cache Redis is unreachable, reporting it degraded', async () => {
    const [cache, queues] = await Promise.all([startPrivateRedis(), startPrivateRedis()]);
    const app: INestApplication = await startedApp({ REDIS_CACHE_URL: cache.url, REDIS_QUEUE_URL: queues.url });
    try {
      await request(app.getHttpServer()).get('/api/health/ready').expect(200);
      await cache.stop();
      const degraded = await request(app.getHttpServer()).get('/api/health/ready').expect(200);
      expect(degraded.body).toEqual(expect.objectContaining({ status: 'degraded', database: 'up', redis: { cache: 'down', queues: 'up' } }));
      // Browsing goes on, its limits counted in the node's memory.
      await request(app.getHttpServer()).get('/api/phone?page=1').expect(200);
      await cache.start();
      await eventually(async () => expect((await request(app.getHttpServer()).get('/api/health').expect(200)).body.status).toBe('ok'), 10_000);
    } finally {
      await app.close();
      await Promise.all([cache.stop(), queues.stop()]);
    }
  });

  it('stays ready while the queue Redis is unreachable: requests commit to PostgreSQL, the outbox hands their jobs over later', async () => {
    const [cache, queues] = await Promise.all([startPrivateRedis(), startPrivateRedis()]);
    const app: INestApplication = await startedApp({ REDIS_CACHE_URL: cache.url, REDIS_QUEUE_URL: queues.url });
    try {
      await queues.stop();
      const degraded = await request(app.getHttpServer()).get('/api/health/ready').expect(200);
      expect(degraded.body).toEqual(expect.objectContaining({ status: 'degraded', database: 'up', redis: { cache: 'up', queues: 'down' } }));
      await request(app.getHttpServer()).get('/api/phone?page=1').expect(200);
    } finally {
      await app.close();
      await Promise.all([cache.stop(), queues.stop()]);
    }
  });

  it('answers a photo upload that was under way when the drain ended, before the server closes', async () => {
    const app: INestApplication = await listingsApp({ SHUTDOWN_DRAIN_MS: '300' });
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    const seller = await createSignedInUser(app);
    const boundary = 'drain-upload';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      await cameraJpeg(1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const socket = connect(port, '127.0.0.1');
    socket.write(
      `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${seller.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 200));
    const statusLine = new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (received.includes('\r\n')) resolve(received.split('\r\n')[0]);
      });
      socket.on('close', () => resolve(received));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = app.close();
    try {
      // The drain is over; the server waits for the request under way.
      await new Promise((resolve) => setTimeout(resolve, 600));
      socket.write(body.subarray(200));
      expect(await statusLine).toBe('HTTP/1.1 201 Created');
    } finally {
      socket.destroy();
      await stopped;
    }
  });
});

describe('/api/health/live and /api/health/ready', () => {
  it("answers ready with the outbox's age, and no replica lag on a database without replicas", async () => {
    const app: INestApplication = await startedApp();
    const dataSource = app.get(DataSource);
    const [{ id }] = await dataSource.query(
      `INSERT INTO outbox_event (name, payload, created_at) VALUES ('listing.approved', '{}', now() - interval '2 minutes') RETURNING id`,
    );
    try {
      const ready = await request(app.getHttpServer()).get('/api/health/ready').expect(200);
      expect(ready.body).toEqual({ status: 'ok', database: 'up', redis: { cache: 'up', queues: 'up' }, draining: false, outboxAgeSeconds: expect.any(Number), replicas: [] });
      expect(ready.body.outboxAgeSeconds).toBeGreaterThanOrEqual(120);
      // The old path answers the same, for the load balancers configured with it.
      expect((await request(app.getHttpServer()).get('/api/health').expect(200)).body.outboxAgeSeconds).toBeGreaterThanOrEqual(120);
    } finally {
      await dataSource.query(`UPDATE outbox_event SET dispatched_at = now() WHERE id = $1`, [id]);
      await app.close();
    }
  });

  it('answers not ready but live while a stopping node drains, and still serves requests meanwhile', async () => {
    // A window long enough for the requests below on a busy machine; the node drains once its shutdown hooks run.
    const app: INestApplication = await startedApp({ SHUTDOWN_DRAIN_MS: '6000' });
    const server = app.getHttpServer();
    await request(server).get('/api/health/ready').expect(200);
    const stopped = app.close();
    try {
      const draining = await eventually(async () => request(server).get('/api/health/ready').expect(503), 5_000);
      expect(draining.body).toEqual(expect.objectContaining({ status: 'unavailable', database: 'up', draining: true }));
      await request(server).get('/api/health/live').expect(200);
      await request(server).get('/api/category').expect(200);
    } finally {
      await stopped;
    }
  });
});
