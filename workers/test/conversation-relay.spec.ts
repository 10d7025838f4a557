import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Config } from '@market/backend';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, MESSAGES, type MessagePush } from '@market/contracts';
import { createApp } from '../../backend/src/app.factory';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { WorkersModule } from '../src/workers.module';
import { linkTheBot } from './bot-link.support';

const SELLER_CHAT = 778001;

describe('conversations through the bot', () => {
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let config: Config;
  let api: INestApplication;
  let workers: INestApplicationContext;
  let dataSource: DataSource;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let seller: TestUser;
  const http = () => request(api.getHttpServer());
  const textsToSeller = () => telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === SELLER_CHAT).map((call) => String(call.body.text));
  /** The bot's message that relayed the conversation's last message; recorded just after Telegram answers the send. */
  const lastRelay = (conversationId: string) =>
    eventually(async () => {
      const [relay] = await dataSource.query(
        `SELECT bot_message_id FROM conversation_relay WHERE chat_id = $1 AND conversation_id = $2 ORDER BY bot_message_id DESC LIMIT 1`,
        [SELLER_CHAT, conversationId],
      );
      expect(relay).toBeDefined();
      return Number(relay.bot_message_id);
    });

  beforeAll(async () => {
    [telegram, database] = await Promise.all([startFakeTelegram(), ownTestDatabase('relay')]);
    config = testConfig({
      DATABASE_URL: database.url,
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_relay`,
      RELAY_POLL_MS: '50',
      DEVICE_SPECS_REFRESH_PER_MINUTE: '0',
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: '4242:TEST',
      TELEGRAM_BOT_USERNAME: telegram.botUsername,
    });
    api = await createApp(config);
    await api.listen(0, '127.0.0.1');
    workers = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { logger: false });
    await workers.init();
    dataSource = api.get(DataSource);
    seller = await createSignedInUser(api, { name: 'Sardor Sotuvchi' });
    await linkTheBot(api, telegram, seller.id, SELLER_CHAT);
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
    await Promise.all([telegram?.close(), database?.drop()]);
  });

  it("relays each message to the seller's chat and lands a reply there in the thread, no name or number crossing", async () => {
    const buyer = await createSignedInUser(api, { name: 'Jasur Xaridor' });
    const listingId = await insertListing(dataSource, { authorId: seller.id, status: 'active', name: 'Galaxy S23 relay' });
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Salom, bormi?' }).expect(201);
    // The buyer's page is open: the answer through the bot (written by the workers) reaches it at once.
    const buyersPage = io(`http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}`, {
      path: CONVERSATION_SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { Cookie: buyer.cookie },
    });
    const pushed: MessagePush[] = [];
    buyersPage.on(CONVERSATION_SOCKET_EVENTS.message, (push: MessagePush) => pushed.push(push));
    await new Promise((resolve) => buyersPage.on('connect', () => resolve(undefined)));
    await http().post(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).send({ text: 'Qutisi ham bormi?' }).expect(201);

    await eventually(async () => expect(textsToSeller().filter((text) => text.includes('Galaxy S23 relay'))).toHaveLength(2));
    const relayed = textsToSeller().filter((text) => text.includes('Galaxy S23 relay'));
    expect(relayed[0]).toContain('Salom, bormi?');
    expect(relayed[1]).toContain('Qutisi ham bormi?');
    expect(relayed[1]).toContain(`/profile/messages/${body.id}`);
    for (const text of relayed) {
      expect(text).not.toContain('Jasur');
      expect(text).not.toContain(buyer.phoneNumber.slice(3));
    }

    telegram.pushMessage(SELLER_CHAT, 'Ha, qutisi bilan', await lastRelay(body.id));
    const thread = await eventually(async () => {
      const page = await http().get(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).expect(200);
      expect(page.body.messages).toHaveLength(3);
      return page.body;
    });
    expect(thread.messages[2]).toMatchObject({ text: 'Ha, qutisi bilan', mine: false, authorId: seller.id });
    await eventually(async () => expect(textsToSeller()).toContain('✓ Yuborildi'));
    await eventually(async () => expect(pushed.map((push) => push.message.text)).toContain('Ha, qutisi bilan'));
    buyersPage.disconnect();
  });

  it('explains a message that replies to nothing, and a reply to a blocked conversation changes nothing', async () => {
    const buyer = await createSignedInUser(api);
    const listingId = await insertListing(dataSource, { authorId: seller.id, status: 'active', name: 'Pixel relay' });
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Almashasizmi?' }).expect(201);
    await eventually(async () => expect(textsToSeller().some((text) => text.includes('Almashasizmi?'))).toBe(true));
    const relay = await lastRelay(body.id);

    telegram.pushMessage(SELLER_CHAT, 'Kimga yozayapman?');
    await eventually(async () => expect(textsToSeller().at(-1)).toContain('reply'));

    await http().post(`/api/conversations/${body.id}/block`).set('Cookie', buyer.cookie).expect(200);
    telegram.pushMessage(SELLER_CHAT, 'Yo‘q', relay);
    // Told by the bot (a busy machine answers slowly), and nothing was written.
    await eventually(async () => expect(textsToSeller()).toContain(MESSAGES.conversationBlocked.uz), 20_000);
    const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM conversation_message WHERE conversation_id = $1`, [body.id]);
    expect(count).toBe(1);
  }, 60_000);
});
