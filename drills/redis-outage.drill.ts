import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../backend/src/app.factory';
import { startFakeEskiz } from '../test/fakes/eskiz';
import { startFakeGraph } from '../test/fakes/graph-api';
import { startFakeTelegram } from '../test/fakes/telegram-bot-api';
import { testConfig } from '../test/support/config';
import { ownTestDatabase } from '../test/support/database';
import { eventually } from '../test/support/eventually';
import { insertListing } from '../test/support/listings';
import { startPrivateRedis } from '../test/support/redis-server';
import { createSignedInUser, randomTestPhone } from '../test/support/users';
import { WorkersModule } from '../workers/src/workers.module';

const OUTAGE_MS = Number(process.env.DRILL_REDIS_OUTAGE_MS ?? 30_000);

/**
 * Redis stops for 30 s while admins approve paid listings and new sellers sign up: browsing
 * keeps answering, and once Redis is back every SMS and every channel post goes out exactly once.
 */
describe('drill: Redis outage during approvals and sign-ups', () => {
  it(
    'loses no event and duplicates nothing',
    async () => {
      const [redis, telegram, graph, eskiz, database] = await Promise.all([
        startPrivateRedis(),
        startFakeTelegram(),
        startFakeGraph(),
        startFakeEskiz(),
        ownTestDatabase('drill'),
      ]);
      const config = testConfig({
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_drill`,
        RELAY_POLL_MS: '100',
        DEVICE_SPECS_REFRESH_PER_MINUTE: '0',
        TELEGRAM_API_URL: telegram.url,
        TELEGRAM_BOT_TOKEN: '4242:DRILL',
        TELEGRAM_CHANNEL_ID: '@telefonbozor',
        ...graph.channelsConfig,
        ESKIZ_BASE_URL: eskiz.baseUrl,
        ESKIZ_EMAIL: eskiz.credentials.email,
        ESKIZ_PASSWORD: eskiz.credentials.password,
      });
      const api: INestApplication = await createApp(config);
      await api.init();
      const workers: INestApplicationContext = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { logger: false });
      await workers.init();
      try {
        const http = () => request(api.getHttpServer());
        const admin = await createSignedInUser(api, { role: 'admin' });
        const seller = await createSignedInUser(api);
        const dataSource = api.get(DataSource);
        const listingIds = await Promise.all(
          Array.from({ length: 5 }, () => insertListing(dataSource, { authorId: seller.id, tarif: 1 })),
        );
        const newSellers = Array.from({ length: 3 }, () => randomTestPhone());

        await redis.stop();
        const outageEnds = Date.now() + OUTAGE_MS;
        for (const id of listingIds) await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id }).expect(200);
        for (const phoneNumber of newSellers) await http().post('/api/auth/login').send({ phoneNumber }).expect(201);
        while (Date.now() < outageEnds) {
          await http().get('/api/phone?page=1').expect(200);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
        await redis.start();

        await eventually(
          async () => {
            const rows: Array<{ posts: Record<string, { posted: boolean }> }> = await dataSource.query(
              `SELECT posts FROM listing WHERE id = ANY($1)`,
              [listingIds],
            );
            for (const { posts } of rows) for (const channel of ['telegram', 'instagram', 'facebook']) expect(posts[channel]?.posted).toBe(true);
            for (const phoneNumber of newSellers) expect(eskiz.sent.filter((sms) => sms.mobile_phone === phoneNumber)).toHaveLength(1);
          },
          90_000,
          250,
        );
        expect(telegram.callsOf('sendMediaGroup')).toHaveLength(listingIds.length);
        expect(graph.callsTo('media_publish')).toHaveLength(listingIds.length);
        expect(graph.callsTo('feed')).toHaveLength(listingIds.length);
      } finally {
        await workers.close();
        await api.close();
        await Promise.all([redis.stop(), telegram.close(), graph.close(), eskiz.close()]);
        await database.drop();
      }
    },
    OUTAGE_MS + 90_000,
  );
});
