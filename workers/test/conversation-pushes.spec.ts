import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ConversationsLive } from '@market/backend';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, type MessagePush } from '@market/contracts';
import { createApp } from '../../backend/src/app.factory';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser } from '../../test/support/users';
import { startApiAndWorkers } from './stack.support';

/**
 * The seller's page is connected to one API process; the buyer writes through another, which dies right after the
 * commit (its direct push never leaves). The message's outbox event still brings it to the page, through the workers.
 */
describe("a message reaches the other person's open page even when its API process dies after the commit", () => {
  let pages: INestApplication;
  let dying: INestApplication;
  let workers: INestApplicationContext;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;

  beforeAll(async () => {
    database = await ownTestDatabase('conversation_pushes');
    const config = testConfig({
      DATABASE_URL: database.url,
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_conversation_pushes`,
      RELAY_POLL_MS: '50',
      DEVICE_SPECS_REFRESH_PER_MINUTE: '0',
    });
    ({ api: pages, workers } = await startApiAndWorkers(config));
    await pages.listen(0, '127.0.0.1');
    dying = await createApp(config);
    await dying.init();
  });
  afterAll(async () => {
    await workers?.close();
    await Promise.all([pages?.close(), dying?.close()]);
    await database?.drop();
  });

  it('pushes it from the outbox, once', async () => {
    const seller = await createSignedInUser(pages);
    const buyer = await createSignedInUser(pages);
    const listingId = await insertListing(pages.get(DataSource), { authorId: seller.id, status: 'active' });
    // The process dies between the commit and its publish: nothing it would push leaves it.
    jest.spyOn(dying.get(ConversationsLive), 'push').mockImplementation(() => undefined);

    const socket: Socket = io(`http://127.0.0.1:${(pages.getHttpServer().address() as AddressInfo).port}`, {
      path: CONVERSATION_SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { Cookie: seller.cookie },
      reconnection: false,
    });
    try {
      const received: MessagePush[] = [];
      socket.on(CONVERSATION_SOCKET_EVENTS.message, (push: MessagePush) => received.push(push));
      await new Promise((resolve, reject) => socket.on('connect', () => resolve(undefined)).on('connect_error', reject));

      const { body } = await request(dying.getHttpServer()).post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Hali sotuvdami?' }).expect(201);
      await eventually(async () => expect(received).toHaveLength(1));
      expect(received[0]).toMatchObject({ conversationId: body.id, message: { text: 'Hali sotuvdami?', mine: false, authorId: buyer.id } });
      // The relay polls every 50 ms: a second push would have come by now.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(received).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });
});
