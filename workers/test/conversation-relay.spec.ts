import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import request from 'supertest';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, MESSAGE_WARNING_TEXT, MESSAGES, SAFETY_WARNING, SECRETS_WARNING_TEXT, type MessagePush } from '@market/contracts';
import { eventually } from '../../test/support/eventually';
import { uploadPhotos } from '../../backend/test/listings-support';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { BOT_TEXTS } from '../src/bot/bot-texts';
import { linkTheBot } from './bot-link.support';
import { startBotStack, type BotStack } from './stack.support';

const SELLER_CHAT = 778001;
const BUYER_CHAT = 778002;

describe('conversations through the bot', () => {
  let stack: BotStack;
  let seller: TestUser;
  const http = () => request(stack.api.getHttpServer());
  const textsTo = (chat: number) => stack.telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === chat).map((call) => String(call.body.text));
  const photosTo = (chat: number) =>
    stack.telegram
      .callsOf('sendPhoto')
      .filter((call) => Number(call.body.chat_id) === chat)
      .map((call) => ({ photo: String(call.body.photo), caption: String(call.body.caption) }));
  /** The bot's message that relayed the conversation's last message to `chat`; recorded just after Telegram answers the send. */
  const lastRelay = (chat: number, conversationId: string) =>
    eventually(async () => {
      const [relay] = await stack.dataSource.query(
        `SELECT bot_message_id FROM conversation_relay WHERE chat_id = $1 AND conversation_id = $2 ORDER BY bot_message_id DESC LIMIT 1`,
        [chat, conversationId],
      );
      expect(relay).toBeDefined();
      return Number(relay.bot_message_id);
    });

  beforeAll(async () => {
    stack = await startBotStack('relay');
    // On a port: the buyer's page holds a socket.
    await stack.api.listen(0, '127.0.0.1');
    seller = await createSignedInUser(stack.api, { name: 'Sardor Sotuvchi' });
    await linkTheBot(stack.api, stack.telegram, seller.id, SELLER_CHAT);
  });
  afterAll(() => stack?.close());

  it("relays each message to the other side's chat with its warnings, and lands a reply in the thread, no name, username or number crossing", async () => {
    const buyer = await createSignedInUser(stack.api, { name: 'Jasur Xaridor' });
    // Both linked, and both with their Telegram username on their profile: neither may reach the other.
    await linkTheBot(stack.api, stack.telegram, buyer.id, BUYER_CHAT);
    for (const [user, chat] of [[seller, SELLER_CHAT], [buyer, BUYER_CHAT]] as const) {
      await stack.dataSource.query(`UPDATE users SET telegram_username = $2 WHERE id = $1`, [user.id, stack.telegram.usernameOf(chat)]);
    }
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', name: 'Galaxy S23 relay' });
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Salom, bormi?' }).expect(201);
    // The buyer's page is open: the answer through the bot (written by the workers) reaches it at once.
    const buyersPage = io(`http://127.0.0.1:${(stack.api.getHttpServer().address() as AddressInfo).port}`, {
      path: CONVERSATION_SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { Cookie: buyer.cookie },
    });
    const pushed: MessagePush[] = [];
    buyersPage.on(CONVERSATION_SOCKET_EVENTS.message, (push: MessagePush) => pushed.push(push));
    await new Promise((resolve) => buyersPage.on('connect', () => resolve(undefined)));
    await http().post(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).send({ text: 'Qutisi ham bormi?' }).expect(201);

    await eventually(async () => expect(textsTo(SELLER_CHAT).filter((text) => text.includes('Galaxy S23 relay'))).toHaveLength(2));
    const relayed = textsTo(SELLER_CHAT).filter((text) => text.includes('Galaxy S23 relay'));
    expect(relayed[0]).toContain('Salom, bormi?');
    // The first message of a conversation carries the platform's safety note, as on the site.
    expect(relayed[0]).toContain(SAFETY_WARNING.uz);
    expect(relayed[1]).toContain('Qutisi ham bormi?');
    expect(relayed[1]).not.toContain(SAFETY_WARNING.uz);
    expect(relayed[1]).not.toContain(MESSAGE_WARNING_TEXT.uz);
    expect(relayed[1]).toContain(`/profile/messages/${body.id}`);

    stack.telegram.pushMessage(SELLER_CHAT, 'Ha, qutisi bilan. Kartamga 8600 1234 5678 9012 tashlang', await lastRelay(SELLER_CHAT, body.id));
    const thread = await eventually(async () => {
      const page = await http().get(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).expect(200);
      expect(page.body.messages).toHaveLength(3);
      return page.body;
    });
    expect(thread.messages[2]).toMatchObject({ text: 'Ha, qutisi bilan. Kartamga 8600 1234 5678 9012 tashlang', mine: false, authorId: seller.id });
    await eventually(async () => expect(textsTo(SELLER_CHAT)).toContain('✓ Yuborildi'));
    await eventually(async () => expect(pushed.map((push) => push.message.text)).toContain('Ha, qutisi bilan. Kartamga 8600 1234 5678 9012 tashlang'));
    // The reply reaches the buyer's chat too, warned: a card number before the phone is seen.
    const toBuyer = await eventually(async () => {
      const found = textsTo(BUYER_CHAT).find((text) => text.includes('Kartamga'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(toBuyer).toContain(MESSAGE_WARNING_TEXT.uz);
    buyersPage.disconnect();
    // Asked for the bank's SMS code, the seller's chat is told never to give it.
    await http().post(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).send({ text: "Pulni o'tkazdim, SMS kodni ayting" }).expect(201);
    const codeAsked = await eventually(async () => {
      const found = textsTo(SELLER_CHAT).find((text) => text.includes('SMS kodni ayting'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(codeAsked).toContain(SECRETS_WARNING_TEXT.uz);
    expect(codeAsked).not.toContain(MESSAGE_WARNING_TEXT.uz);

    const secrets = (user: TestUser, chat: number) => [stack.telegram.usernameOf(chat), String(chat), user.phoneNumber.slice(3)];
    const sellersInbox = (await http().get('/api/notifications').set('Cookie', seller.cookie).expect(200)).body;
    const buyersInbox = (await http().get('/api/notifications').set('Cookie', buyer.cookie).expect(200)).body;
    const sellerSaw = [...textsTo(SELLER_CHAT), JSON.stringify(sellersInbox)].join('\n');
    const buyerSaw = [...textsTo(BUYER_CHAT), JSON.stringify(thread), JSON.stringify(pushed), JSON.stringify(buyersInbox)].join('\n');
    expect(sellerSaw).toContain('Galaxy S23 relay');
    expect(sellerSaw).not.toContain('Jasur');
    expect(buyerSaw).not.toContain('Sardor');
    for (const secret of secrets(buyer, BUYER_CHAT)) expect(sellerSaw).not.toContain(secret);
    for (const secret of secrets(seller, SELLER_CHAT)) expect(buyerSaw).not.toContain(secret);
  });

  it('explains a message that replies to nothing, and a reply to a blocked conversation changes nothing', async () => {
    const buyer = await createSignedInUser(stack.api);
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', name: 'Pixel relay' });
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Almashasizmi?' }).expect(201);
    await eventually(async () => expect(textsTo(SELLER_CHAT).some((text) => text.includes('Almashasizmi?'))).toBe(true));
    const relay = await lastRelay(SELLER_CHAT, body.id);

    // Text in a group the bot was added to is nobody writing to it: no answer there (the private answer below comes after it).
    stack.telegram.pushGroupMessage(-100777, 'Kim sotadi?');
    stack.telegram.pushMessage(SELLER_CHAT, 'Kimga yozayapman?');
    await eventually(async () => expect(textsTo(SELLER_CHAT).at(-1)).toContain('reply'));
    expect(textsTo(-100777)).toEqual([]);

    await http().post(`/api/conversations/${body.id}/block`).set('Cookie', buyer.cookie).expect(200);
    stack.telegram.pushMessage(SELLER_CHAT, 'Yo‘q', relay);
    // Told by the bot (a busy machine answers slowly), and nothing was written.
    await eventually(async () => expect(textsTo(SELLER_CHAT)).toContain(MESSAGES.conversationBlocked.uz), 20_000);
    const [{ count }] = await stack.dataSource.query(`SELECT count(*)::int AS count FROM conversation_message WHERE conversation_id = $1`, [body.id]);
    expect(count).toBe(1);
  }, 60_000);

  it("relays a message's photos as its first photo's JPEG copy, the words its caption, and a reply to that photo lands in the thread", async () => {
    const buyer = await createSignedInUser(stack.api);
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', name: 'Redmi photos relay' });
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Salom' }).expect(201);
    const photos = await uploadPhotos(stack.api, buyer.cookie, 3);
    await http().post(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).send({ text: 'Menikida shunday dog‘ bor, siznikida-chi?', images: photos }).expect(201);

    const relayed = await eventually(async () => {
      const [call] = photosTo(SELLER_CHAT).filter((photo) => photo.caption.includes('Redmi photos relay'));
      expect(call).toBeDefined();
      return call;
    });
    expect(relayed.caption).toContain('Menikida shunday dog‘ bor, siznikida-chi?');
    expect(relayed.caption).toContain('📷 Suhbatdagi rasmlar: 3 ta');
    expect(relayed.caption).toContain(`/profile/messages/${body.id}`);
    // The first photo's copy Telegram takes by address: a JPEG our server hands out.
    const photo = await http().get(new URL(relayed.photo).pathname).expect(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');

    stack.telegram.pushMessage(SELLER_CHAT, 'Bizda ham bor, kelib ko‘ring', await lastRelay(SELLER_CHAT, body.id));
    await eventually(async () => {
      const page = await http().get(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).expect(200);
      expect(page.body.messages.map((message: { text: string }) => message.text)).toContain('Bizda ham bor, kelib ko‘ring');
    });
  });

  it("sends the words when Telegram cannot take the photo's address", async () => {
    const buyer = await createSignedInUser(stack.api);
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', name: 'Refused photo relay' });
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Salom' }).expect(201);
    const [photo] = await uploadPhotos(stack.api, buyer.cookie, 1);
    // Without its JPEG copy the photo's address is the WebP original, which Telegram refuses by address.
    await stack.dataSource.query(`UPDATE images SET variant_keys = '{}' WHERE id = $1`, [photo]);
    await http().post(`/api/conversations/${body.id}/messages`).set('Cookie', buyer.cookie).send({ text: 'Bu rasmga qarang', images: [photo] }).expect(201);

    const relayed = await eventually(async () => {
      const text = textsTo(SELLER_CHAT).find((sent) => sent.includes('Refused photo relay') && sent.includes('Bu rasmga qarang'));
      expect(text).toBeDefined();
      return text!;
    });
    expect(relayed).toContain(`/profile/messages/${body.id}`);
    expect(stack.telegram.callsOf('sendPhoto').filter((call) => String(call.body.caption).includes('Bu rasmga qarang')).map((call) => call.answer?.status)).toEqual([400]);
  });

  it('tells a person who answers with a photo that only words reach the conversation, and writes nothing', async () => {
    const buyer = await createSignedInUser(stack.api);
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', name: 'Photo reply relay' });
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Rasmini tashlang' }).expect(201);
    // A service message (the Mini App allowed to write) is no one writing: it gets no answer.
    stack.telegram.pushServiceMessage(SELLER_CHAT, { write_access_allowed: { web_app_name: 'market' } });
    stack.telegram.pushPhoto(SELLER_CHAT, 'Mana', await lastRelay(SELLER_CHAT, body.id));
    await eventually(async () => expect(textsTo(SELLER_CHAT).at(-1)).toBe(BOT_TEXTS.wordsOnly.uz));
    expect(textsTo(SELLER_CHAT).filter((text) => text === BOT_TEXTS.wordsOnly.uz)).toHaveLength(1);
    const [{ count }] = await stack.dataSource.query(`SELECT count(*)::int AS count FROM conversation_message WHERE conversation_id = $1`, [body.id]);
    expect(count).toBe(1);
  });

  it('relays words too long for a caption as a message of their own, saying how many photos the thread holds', async () => {
    const buyer = await createSignedInUser(stack.api);
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', name: 'Long words relay' });
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Salom' }).expect(201);
    const words = `${'Telefonning holati haqida batafsil yozing, iltimos. '.repeat(19)}Rahmat`;
    await http()
      .post(`/api/conversations/${body.id}/messages`)
      .set('Cookie', buyer.cookie)
      .send({ text: words, images: await uploadPhotos(stack.api, buyer.cookie, 1) })
      .expect(201);

    const relayed = await eventually(async () => {
      const text = textsTo(SELLER_CHAT).find((sent) => sent.includes('Long words relay') && sent.includes('Rahmat'));
      expect(text).toBeDefined();
      return text!;
    });
    expect(relayed).toContain(words);
    expect(relayed).toContain('📷 Suhbatdagi rasmlar: 1 ta');
    expect(photosTo(SELLER_CHAT).filter((photo) => photo.caption.includes('Long words relay'))).toEqual([]);
  });
});
