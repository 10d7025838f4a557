import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { OutboxService, type Config } from '@market/backend';
import { CONVERSATION_SOCKET_PATH, LANGUAGES, MESSAGE_WARNING_TEXT, NOTIFICATIONS_SOCKET_EVENT, SAFETY_WARNING, type NotificationsPush } from '@market/contracts';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { NotifyProcessor } from '../src/bot/notify.processor';
import { startApiAndWorkers } from './stack.support';

describe('the inbox tells every seller what happened, with or without the bot', () => {
  let config: Config;
  let api: INestApplication;
  let workers: INestApplicationContext;
  let dataSource: DataSource;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let admin: TestUser;
  let seller: TestUser;
  const http = () => request(api.getHttpServer());
  const inboxOf = async (user: TestUser) => (await http().get('/api/notifications?page=1').set('Cookie', user.cookie).expect(200)).body;

  beforeAll(async () => {
    database = await ownTestDatabase('inbox');
    // No TELEGRAM_BOT_TOKEN: nobody has the bot.
    config = testConfig({
      DATABASE_URL: database.url,
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_inbox`,
      RELAY_POLL_MS: '50',
      DEVICE_SPECS_REFRESH_PER_MINUTE: '0',
    });
    ({ api, workers } = await startApiAndWorkers(config));
    // Listening, for the pages' sockets.
    await api.listen(0, '127.0.0.1');
    dataSource = api.get(DataSource);
    admin = await createSignedInUser(api, { role: 'admin' });
    seller = await createSignedInUser(api);
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
    await database?.drop();
  });

  it('shows "approved" and "rejected: <reason>" to a seller without Telegram, newest first, until read', async () => {
    const approved = await insertListing(dataSource, { authorId: seller.id, name: 'Redmi Note 13' });
    const rejected = await insertListing(dataSource, { authorId: seller.id, name: 'Pixel 8' });
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: approved }).expect(200);
    await http().post('/api/phone/reject').set('Cookie', admin.cookie).send({ id: rejected, reason: 'other', text: 'Rasmlar boshqa telefonniki' }).expect(200);

    const inbox = await eventually(async () => {
      const body = await inboxOf(seller);
      expect(body.notifications).toHaveLength(2);
      return body;
    });
    expect(inbox.unread).toBe(2);
    expect(inbox.notifications.map((notification: { kind: string }) => notification.kind)).toEqual(['rejected', 'approved']);
    expect(inbox.notifications[0]).toMatchObject({ read: false, link: '/profile' });
    expect(inbox.notifications[0].text.uz).toContain('Pixel 8');
    expect(inbox.notifications[0].text.uz).toContain('Sabab: Rasmlar boshqa telefonniki');
    expect(inbox.notifications[0].text.ru).toContain('Причина: Rasmlar boshqa telefonniki');
    expect(inbox.notifications[1]).toMatchObject({ link: `/phone/${approved}` });
    expect(inbox.notifications[1].text.en).toContain('Your listing was approved: Redmi Note 13');

    const read = await http().post('/api/notifications/read').set('Cookie', seller.cookie).send({ upTo: inbox.notifications[0].id }).expect(200);
    expect(read.body).toEqual({ unread: 0 });
    const afterRead = await inboxOf(seller);
    expect(afterRead.unread).toBe(0);
    expect(afterRead.notifications.every((notification: { read: boolean }) => notification.read)).toBe(true);

    // Another person's inbox holds none of it; a visitor has none.
    expect(await inboxOf(admin)).toEqual({ notifications: [], pages: 0, unread: 0 });
    await http().get('/api/notifications').expect(401);
    await http().post('/api/notifications/read').expect(401);
  });

  it("pushes the bell's count to the seller's open page as the workers file an entry, and again when it is read", async () => {
    const pageSeller = await createSignedInUser(api);
    const socket: Socket = io(`http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}`, {
      path: CONVERSATION_SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { Cookie: pageSeller.cookie },
      reconnection: false,
    });
    try {
      const pushes: NotificationsPush[] = [];
      socket.on(NOTIFICATIONS_SOCKET_EVENT, (push: NotificationsPush) => pushes.push(push));
      await new Promise((resolve, reject) => socket.on('connect', () => resolve(undefined)).on('connect_error', reject));

      const listingId = await insertListing(dataSource, { authorId: pageSeller.id, name: 'Pushed Pixel' });
      await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
      await eventually(async () => expect(pushes).toEqual([{ unread: 1 }]));

      const [newest] = (await inboxOf(pageSeller)).notifications;
      await http().post('/api/notifications/read').set('Cookie', pageSeller.cookie).send({ upTo: newest.id }).expect(200);
      await eventually(async () => expect(pushes).toEqual([{ unread: 1 }, { unread: 0 }]));
    } finally {
      socket.disconnect();
    }
  });

  it('tells a seller of each channel their promoted listing was not posted to, and why, once', async () => {
    // No channel is configured on this stack: each of the tariff's three is skipped.
    const listingId = await insertListing(dataSource, { authorId: seller.id, tarif: 1, name: 'Galaxy S23' });
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);

    const skipped = await eventually(async () => {
      const found = (await inboxOf(seller)).notifications.filter((notification: { kind: string }) => notification.kind === 'skipped');
      expect(found).toHaveLength(3);
      return found;
    });
    const texts = skipped.map((notification: { text: Record<string, string> }) => notification.text);
    for (const channel of ['Telegram', 'Instagram', 'Facebook']) {
      const text = texts.find((translated: Record<string, string>) => translated.en.includes(`(${channel})`));
      expect(text.uz).toBe(`⚠️ E'loningiz joylanmadi (${channel}): Galaxy S23\nSabab: bu kanal hali ulanmagan`);
      expect(text.ru).toBe(`⚠️ Объявление не опубликовано (${channel}): Galaxy S23\nПричина: этот канал ещё не подключён`);
      expect(text.en).toBe(`⚠️ Your listing was not posted (${channel}): Galaxy S23\nReason: this channel is not set up yet`);
    }
    expect(skipped[0]).toMatchObject({ link: '/profile', read: false });

    // The skip's event handled again records nothing twice.
    const [event] = await dataSource.query(`SELECT id, payload FROM outbox_event WHERE name = 'listing.channel-skipped' AND payload->>'listingId' = $1 LIMIT 1`, [listingId]);
    await workers.get(NotifyProcessor).handlers['listing.channel-skipped']({ id: event.id, data: event.payload } as Job, undefined);
    expect((await inboxOf(seller)).notifications.filter((notification: { kind: string }) => notification.kind === 'skipped')).toHaveLength(3);
  });

  it('tells a seller of a new conversation, warned, without the buyer’s name or number, and an event handled again once', async () => {
    const buyer = await createSignedInUser(api, { name: 'Jasur Xaridor' });
    const listingId = await insertListing(dataSource, { authorId: seller.id, status: 'active', name: 'iPhone 13 Pro' });
    const { body } = await http()
      .post('/api/conversations')
      .set('Cookie', buyer.cookie)
      .send({ listingId, text: 'Salom, almashasizmi? Kartam 8600 1234 5678 9012' })
      .expect(201);
    await http().post(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).send({ text: 'Javob kutaman' }).expect(201);

    const entry = await eventually(async () => {
      const found = (await inboxOf(seller)).notifications.find((notification: { kind: string }) => notification.kind === 'newConversation');
      expect(found).toBeDefined();
      return found;
    });
    expect(entry.link).toBe(`/profile/messages/${body.id}`);
    expect(entry.text.uz).toContain('iPhone 13 Pro');
    expect(entry.text.uz).toContain('Salom, almashasizmi?');
    // Warned as on the site: the card number's warning, and the safety note of a conversation's first message.
    for (const language of LANGUAGES) {
      expect(entry.text[language]).toContain(MESSAGE_WARNING_TEXT[language]);
      expect(entry.text[language]).toContain(SAFETY_WARNING[language]);
    }
    expect(JSON.stringify(entry.text)).not.toContain('Jasur');
    expect(JSON.stringify(entry.text)).not.toContain(buyer.phoneNumber.slice(3));
    // Only the opening message is an inbox entry; the thread has the rest.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await inboxOf(seller)).notifications.filter((notification: { kind: string }) => notification.kind === 'newConversation')).toHaveLength(1);

    const [event] = await dataSource.query(
      `SELECT id, payload FROM outbox_event WHERE name = 'conversation.message-sent' AND payload->>'conversationId' = $1 AND (payload->>'first')::boolean`,
      [body.id],
    );
    await workers.get(NotifyProcessor).handlers['conversation.message-sent']({ id: event.id, data: event.payload } as Job, undefined);
    const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM notification WHERE event_id = $1`, [event.id]);
    expect(count).toBe(1);
  });

  it("tells a buyer without Telegram of a saved search's match and of a lower price on a kept listing", async () => {
    const buyer = await createSignedInUser(api);
    const listingId = await insertListing(dataSource, { authorId: seller.id, name: 'Honor inbox match' });
    const [{ category_id: brand }] = await dataSource.query(`SELECT category_id FROM listing WHERE id = $1`, [listingId]);
    await http().post('/api/user/saved-searches').set('Cookie', buyer.cookie).send({ query: { brand }, alerts: 'instant' }).expect(201);
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
    const match = await eventually(async () => {
      const found = (await inboxOf(buyer)).notifications.find((notification: { kind: string }) => notification.kind === 'savedSearchMatch');
      expect(found).toBeDefined();
      return found;
    });
    expect(match).toMatchObject({ link: `/phone/${listingId}` });
    expect(match.text.uz).toContain('Honor inbox match');

    await http().post(`/api/phone/${listingId}/favourite`).set('Cookie', buyer.cookie).expect(200);
    await dataSource.transaction((transaction) =>
      api.get(OutboxService).record(transaction, 'listing.price-lowered', { listingId, oldPrice: 7_000_000, oldValut: 'uzs' }),
    );
    const drop = await eventually(async () => {
      const found = (await inboxOf(buyer)).notifications.find((notification: { kind: string }) => notification.kind === 'priceDrop');
      expect(found).toBeDefined();
      return found;
    });
    expect(drop.text.uz).toContain('Honor inbox match');
    expect(drop.text.uz).toMatch(/7\s000\s000\sso.m → 6\s500\s000\sso.m/);
  });
});
