import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, MESSAGES, type MessagePage, type MessagePush, type ReadPush, type SyncAnswer } from '@market/contracts';
import { eventually } from '../../test/support/eventually';
import { OneTimeCodeService } from '../src/auth/one-time-codes.service';
import { SessionService } from '../src/auth/session.service';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { listingsApp } from './listings-support';

/** Two API processes behind one site: the buyer's page is connected to one, the seller's to the other. */
describe('conversations in real time across API processes', () => {
  let first: INestApplication;
  let second: INestApplication;
  let seller: TestUser;
  let buyer: TestUser;
  const sockets: Socket[] = [];

  const urlOf = (app: INestApplication) => `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  /** A signed-in page's socket, with every push it receives in order. */
  async function connect(app: INestApplication, user: TestUser | null, headers: Record<string, string> = {}) {
    const socket = io(urlOf(app), {
      path: CONVERSATION_SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { ...(user ? { Cookie: user.cookie } : {}), ...headers },
      reconnection: false,
    });
    sockets.push(socket);
    const received: MessagePush[] = [];
    const reads: ReadPush[] = [];
    socket.on(CONVERSATION_SOCKET_EVENTS.message, (push: MessagePush) => received.push(push));
    socket.on(CONVERSATION_SOCKET_EVENTS.read, (push: ReadPush) => reads.push(push));
    const outcome = await new Promise<'connected' | string>((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', (error) => resolve(error.message));
    });
    return { socket, received, reads, outcome };
  }

  beforeAll(async () => {
    [first, second] = await Promise.all([listingsApp(), listingsApp()]);
    await Promise.all([first.listen(0, '127.0.0.1'), second.listen(0, '127.0.0.1')]);
    seller = await createSignedInUser(first, { name: 'Sotuvchi' });
    buyer = await createSignedInUser(first, { name: 'Xaridor' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([first?.close(), second?.close()]);
  });

  it('delivers each message to the other person on the other process, and the read mark back', async () => {
    const listingId = await insertListing(first.get(DataSource), { authorId: seller.id, status: 'active' });
    const buyers = await connect(first, buyer);
    const sellers = await connect(second, seller);
    expect([buyers.outcome, sellers.outcome]).toEqual(['connected', 'connected']);

    const { body } = await request(first.getHttpServer()).post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Salom!' }).expect(201);
    await eventually(async () => expect(sellers.received).toHaveLength(1));
    expect(sellers.received[0]).toMatchObject({ conversationId: body.id, message: { text: 'Salom!', mine: false } });
    expect(buyers.received[0]).toMatchObject({ conversationId: body.id, message: { text: 'Salom!', mine: true } });

    await request(second.getHttpServer()).post(`/api/conversations/${body.id}/read`).set('Cookie', seller.cookie).expect(200);
    await eventually(async () => expect(buyers.reads).toEqual([{ conversationId: body.id, readerId: seller.id, readId: sellers.received[0].message.id }]));
    await request(second.getHttpServer()).post(`/api/conversations/${body.id}/messages`).set('Cookie', seller.cookie).send({ text: 'Va alaykum' }).expect(201);
    await eventually(async () => expect(buyers.received.map((push) => push.message.text)).toEqual(['Salom!', 'Va alaykum']));
    expect(buyers.received[1].message).toMatchObject({ mine: false, authorId: seller.id });
  });

  it('lets a page that was offline catch up in order, each message once', async () => {
    const listingId = await insertListing(first.get(DataSource), { authorId: seller.id, status: 'active' });
    const { body } = await request(first.getHttpServer()).post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Birinchi' }).expect(201);
    const page = await connect(second, seller);
    await eventually(async () => expect(page.received).toHaveLength(0));
    const held = (await request(second.getHttpServer()).get(`/api/conversations/${body.id}/messages`).set('Cookie', seller.cookie).expect(200)).body as MessagePage;
    page.socket.disconnect();

    // While the seller is offline the buyer writes three more, through both processes.
    for (const [app, text] of [[first, 'Ikkinchi'], [second, 'Uchinchi'], [first, 'To‘rtinchi']] as const) {
      await request(app.getHttpServer()).post(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).send({ text }).expect(201);
    }
    const back = await connect(first, seller);
    const lastHeld = held.messages.at(-1)!.id;
    const missed = (await back.socket.emitWithAck(CONVERSATION_SOCKET_EVENTS.sync, { conversationId: body.id, after: lastHeld })) as MessagePage;
    expect(missed.messages.map((message) => message.text)).toEqual(['Ikkinchi', 'Uchinchi', 'To‘rtinchi']);
    expect(new Set([...held.messages, ...missed.messages].map((message) => message.id)).size).toBe(4);
    expect(missed.hasOlder).toBe(false);
  });

  it('closes a page’s socket on every process when its session signs out', async () => {
    const leaving = await createSignedInUser(first);
    const page = await connect(second, leaving);
    expect(page.outcome).toBe('connected');
    const closed = new Promise<string>((resolve) => page.socket.on('disconnect', resolve));

    await request(first.getHttpServer()).post('/api/auth/logout').set('Cookie', leaving.cookie).expect(200);
    // Told by the server: the page does not try again with the ended session.
    expect(await closed).toBe('io server disconnect');
    expect((await connect(second, leaving)).outcome).toBe('unauthorized');
  });

  it('closes the pages of the other devices when the password is reset, not the page of the device that reset it', async () => {
    const user = await createSignedInUser(first);
    const otherDevice = { ...user, cookie: `session=${(await first.get(SessionService).start(user.id)).token}` };
    const [kept, ended] = [await connect(second, user), await connect(second, otherDevice)];
    const closed = new Promise<string>((resolve) => ended.socket.on('disconnect', resolve));

    const token = await first.get(OneTimeCodeService).issueToken('reset', user.phoneNumber);
    await request(first.getHttpServer())
      .post('/api/auth/reset-password-with-token')
      .set('Cookie', user.cookie)
      .send({ phoneNumber: user.phoneNumber, token, password: 'yangi-parol' })
      .expect(200);
    expect(await closed).toBe('io server disconnect');
    expect(kept.socket.connected).toBe(true);
  });

  it('refuses a socket without a session, from another site, and a sync of someone else’s conversation with the translated 404', async () => {
    expect((await connect(first, null)).outcome).toBe('unauthorized');
    expect((await connect(first, buyer, { Origin: 'https://evil.example' })).outcome).not.toBe('connected');

    const listingId = await insertListing(first.get(DataSource), { authorId: seller.id, status: 'active' });
    const { body } = await request(first.getHttpServer()).post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Shaxsiy' }).expect(201);
    const stranger = await createSignedInUser(first);
    const strangers = await connect(second, stranger);
    const sync = (request: unknown) => strangers.socket.timeout(2000).emitWithAck(CONVERSATION_SOCKET_EVENTS.sync, request) as Promise<SyncAnswer>;
    // Answered as `conversation:send` and the route are: the same 404 as a conversation that does not exist.
    expect(await sync({ conversationId: body.id, after: 0 })).toEqual({ status: 404, error: { code: 'conversationNotFound', message: MESSAGES.conversationNotFound } });
    expect(await sync({ conversationId: body.id, after: -1 })).toMatchObject({ status: 400, error: { code: 'validationFailed', fields: { after: 'invalidValue' } } });
    expect(strangers.received).toEqual([]);
  });
});
