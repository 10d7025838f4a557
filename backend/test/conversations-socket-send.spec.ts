import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, MESSAGES, parseEventPayload, type MessagePush, type SendAnswer, type SendRequest } from '@market/contracts';
import { CONVERSATION_RATE_LIMITS } from '../src/conversations/conversation.limits';
import { burst, countStatuses } from '../../test/support/burst';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { listingsApp, uploadPhotos } from './listings-support';

/** A connected page sends on its socket (`conversation:send`) under every rule of `POST /api/conversations/{id}/messages`. */
describe('sending a message on the socket', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let seller: TestUser;
  const sockets: Socket[] = [];
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await listingsApp();
    await app.listen(0, '127.0.0.1');
    dataSource = app.get(DataSource);
    seller = await createSignedInUser(app, { name: 'Sotuvchi' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app.close();
  });

  /** A signed-in page's socket, with the messages pushed to it. */
  async function connect(user: TestUser) {
    const socket = io(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`, {
      path: CONVERSATION_SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { Cookie: user.cookie },
      reconnection: false,
    });
    sockets.push(socket);
    const received: MessagePush[] = [];
    socket.on(CONVERSATION_SOCKET_EVENTS.message, (push: MessagePush) => received.push(push));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const send = (body: SendRequest | Record<string, unknown>) => socket.emitWithAck(CONVERSATION_SOCKET_EVENTS.send, body) as Promise<SendAnswer>;
    return { socket, received, send };
  }
  const open = async (buyer: TestUser) => {
    const listingId = await insertListing(dataSource, { authorId: seller.id, status: 'active' });
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Salom!' }).expect(201);
    return { id: body.id as string, listingId };
  };
  const storedTexts = async (id: string) =>
    ((await dataSource.query(`SELECT text FROM conversation_message WHERE conversation_id = $1 ORDER BY id`, [id])) as Array<{ text: string }>).map((row) => row.text);
  /** What the HTTP route answers for the same message: the socket's refusal must be the same. */
  const overHttp = async (user: TestUser, { conversationId, ...body }: Record<string, unknown>): Promise<SendAnswer> => {
    const answer = await http().post(`/api/conversations/${String(conversationId)}/messages`).set('Cookie', user.cookie).send(body);
    return { status: answer.status, error: answer.body };
  };

  it('acknowledges the stored message and delivers it to the other person’s page, flagged and told to the bot as over HTTP', async () => {
    const buyer = await createSignedInUser(app);
    const { id } = await open(buyer);
    const buyers = await connect(buyer);
    const sellers = await connect(seller);

    const answer = await buyers.send({ conversationId: id, text: '  Kartamga 8600 1234 5678 9012 ga oldindan tashlayman  ' });
    expect(answer).toEqual({
      message: expect.objectContaining({ mine: true, read: false, authorId: buyer.id, text: 'Kartamga 8600 1234 5678 9012 ga oldindan tashlayman', images: [] }),
    });
    const { message } = answer as { message: MessagePush['message'] };
    expect(message.warnings).toEqual(expect.arrayContaining(['cardNumber']));
    await eventually(async () => expect(sellers.received.map((push) => push.message.id)).toContain(message.id));
    expect(sellers.received.find((push) => push.message.id === message.id)).toEqual({ conversationId: id, message: { ...message, mine: false } });
    expect(await storedTexts(id)).toEqual(['Salom!', message.text]);

    // The bot and the inbox learn of it through the outbox, as of a message sent over HTTP.
    const [event] = (await dataSource.query(`SELECT payload FROM outbox_event WHERE name = 'conversation.message-sent' AND (payload->>'messageId')::bigint = $1`, [
      message.id,
    ])) as Array<{ payload: unknown }>;
    expect(parseEventPayload('conversation.message-sent', event.payload)).toMatchObject({ conversationId: id, recipientId: seller.id, first: false });

    // Photos uploaded first, as the composer does.
    const photos = await uploadPhotos(app, seller.cookie, 2);
    const withPhotos = await sellers.send({ conversationId: id, text: 'Mana rasmlari', images: photos });
    expect((withPhotos as { message: MessagePush['message'] }).message.images).toHaveLength(2);
    // HTTP still sends.
    await http().post(`/api/conversations/${id}/messages`).set('Cookie', buyer.cookie).send({ text: 'Rahmat' }).expect(201);
    expect(await storedTexts(id)).toEqual(['Salom!', message.text, 'Mana rasmlari', 'Rahmat']);
  });

  it('refuses bad text and photos with the route’s translated errors, storing nothing', async () => {
    const buyer = await createSignedInUser(app);
    const { id } = await open(buyer);
    const buyers = await connect(buyer);
    const photos = await uploadPhotos(app, seller.cookie, 1);
    const refused: Array<[Record<string, unknown>, number, string]> = [
      [{ conversationId: id, text: '   ' }, 400, 'validationFailed'],
      [{ conversationId: id, text: 'a'.repeat(1001) }, 400, 'validationFailed'],
      [{ conversationId: id, text: 'Beshta rasm', images: Array.from({ length: 5 }, () => crypto.randomUUID()) }, 400, 'validationFailed'],
      [{ conversationId: id, text: 'Rasm emas', images: ['not-a-photo'] }, 400, 'validationFailed'],
      [{ conversationId: id, text: 'Bu meniki emas', images: photos }, 400, 'messagePhotoNotFound'],
      [{ conversationId: id, text: 'NUL \u0000' }, 400, 'validationFailed'],
      [{ conversationId: 'not-a-conversation', text: 'Salom' }, 404, 'conversationNotFound'],
      [{ text: 'Qaysi suhbat?' }, 404, 'conversationNotFound'],
    ];
    for (const [body, status, code] of refused) {
      const answer = await buyers.send(body);
      expect(answer).toMatchObject({ status, error: { code } });
      expect(answer).toEqual(await overHttp(buyer, body));
    }
    const empty = (await buyers.send({ conversationId: id, text: '' })) as { error: { fields: unknown; message: unknown } };
    expect(empty.error).toMatchObject({ fields: { text: 'messageEmpty' }, message: MESSAGES.validationFailed });
    expect(((await buyers.send({ conversationId: id, text: 'a'.repeat(1001) })) as { error: { fields: unknown } }).error.fields).toEqual({ text: 'messageTooLong' });
    expect(await buyers.send('not an object' as unknown as SendRequest)).toMatchObject({ status: 404, error: { code: 'conversationNotFound' } });
    expect(await storedTexts(id)).toEqual(['Salom!']);
  });

  it('refuses a stranger, a blocked conversation and a closed one as the route does, storing nothing', async () => {
    const buyer = await createSignedInUser(app);
    const stranger = await createSignedInUser(app);
    const strangers = await connect(stranger);
    const buyers = await connect(buyer);
    const sellers = await connect(seller);

    const talk = await open(buyer);
    const notYours = { conversationId: talk.id, text: 'Men ham' };
    expect(await strangers.send(notYours)).toEqual({ status: 404, error: expect.objectContaining({ code: 'conversationNotFound', message: MESSAGES.conversationNotFound }) });
    expect(await strangers.send(notYours)).toEqual(await overHttp(stranger, notYours));

    const blocked = await open(buyer);
    // Opened before the block, which stops every conversation of the two.
    const sold = await open(buyer);
    await http().post(`/api/conversations/${blocked.id}/block`).set('Cookie', seller.cookie).expect(200);
    for (const page of [buyers, sellers]) {
      const body = { conversationId: blocked.id, text: 'Salom?' };
      expect(await page.send(body)).toEqual({ status: 409, error: expect.objectContaining({ code: 'conversationBlocked', message: MESSAGES.conversationBlocked }) });
    }
    expect(await buyers.send({ conversationId: blocked.id, text: 'Salom?' })).toEqual(await overHttp(buyer, { conversationId: blocked.id, text: 'Salom?' }));

    await http().post(`/api/conversations/${blocked.id}/unblock`).set('Cookie', seller.cookie).expect(200);
    await dataSource.query(`UPDATE listing SET status = 'noActive' WHERE id = $1`, [sold.listingId]);
    expect(await sellers.send({ conversationId: sold.id, text: 'Sotildi' })).toEqual({
      status: 409,
      error: expect.objectContaining({ code: 'conversationClosed', message: MESSAGES.conversationClosed }),
    });
    expect(await sellers.send({ conversationId: sold.id, text: 'Sotildi' })).toEqual(await overHttp(seller, { conversationId: sold.id, text: 'Sotildi' }));

    for (const { id } of [talk, blocked, sold]) expect(await storedTexts(id)).toEqual(['Salom!']);
    expect(strangers.received).toEqual([]);
  });

  it(`lets through only ${CONVERSATION_RATE_LIMITS.messages.points} messages a minute of a burst sent at once on the socket`, async () => {
    const buyer = await createSignedInUser(app);
    const { id } = await open(buyer);
    const buyers = await connect(buyer);
    const answers = await burst(30, (index) => buyers.send({ conversationId: id, text: `Xabar ${index}` }));
    const statuses = answers.map((answer) => ({ status: 'message' in answer ? 201 : answer.status }));
    // The opening message counted too.
    expect(countStatuses(statuses)).toEqual({ 201: 19, 429: 11 });
    const refusal = answers.find((answer) => !('message' in answer)) as { error: { code: string; retryAfterSeconds: number } };
    expect(refusal.error).toMatchObject({ code: 'tooManyRequests', retryAfterSeconds: expect.any(Number) });
    expect(await storedTexts(id)).toHaveLength(20);
    // The same account's limit over HTTP: spent.
    await http().post(`/api/conversations/${id}/messages`).set('Cookie', buyer.cookie).send({ text: 'Yana' }).expect(429);
  });
});
