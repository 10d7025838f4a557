import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TelegramLinkService, type Config } from '@market/backend';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { signedLaunch, TEST_BOT_TOKEN } from '../../test/support/telegram-init-data';
import { createSignedInUser } from '../../test/support/users';
import { startApiAndWorkers } from './stack.support';

// Telegram users and numbers of this file only.
const BUYER = 5937410001;
const STRANGER = 5937410002;
const SELLER_CHAT = 5937410003;
const phone = (n: number) => `99893741${String(n).padStart(4, '0')}`;

describe('the bot and the Mini App', () => {
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let config: Config;
  let api: INestApplication;
  let workers: INestApplicationContext;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  const textsTo = (chatId: number) => telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === chatId).map((call) => String(call.body.text));

  beforeAll(async () => {
    [telegram, database] = await Promise.all([startFakeTelegram(), ownTestDatabase('miniapp')]);
    config = testConfig({
      DATABASE_URL: database.url,
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_miniapp`,
      RELAY_POLL_MS: '50',
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: telegram.botUsername,
      TELEGRAM_MINI_APP_NAME: 'market',
      PUBLIC_URL: 'https://telefonbozor.example',
    });
    ({ api, workers } = await startApiAndWorkers(config));
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
    await Promise.all([telegram?.close(), database?.drop()]);
  });

  it("sets the bot's menu button to open the Mini App's entry page", () => {
    expect(telegram.menuButton()).toEqual({ type: 'web_app', text: 'Ilovani ochish', web_app: { url: 'https://telefonbozor.example/mini-app' } });
  });

  it("takes the sender's own shared number as Telegram-verified: the app's next sign-in registers it and links the chat", async () => {
    const signIn = () => request(api.getHttpServer()).post('/api/auth/telegram').send({ initData: signedLaunch({ id: BUYER, first_name: 'Jasur' }), agree: true, name: 'Jasur Xaridor' });
    expect((await signIn().expect(200)).body).toEqual({ status: 'contactNeeded' });
    telegram.pushContact(BUYER, `+${phone(1)}`);
    await eventually(async () => expect(textsTo(BUYER)).toContain("Raqamingiz qabul qilindi. Ilovaga qayting: u sizni shu raqam bilan kiritadi."));
    const signedIn = (await signIn().expect(200)).body;
    expect(signedIn).toMatchObject({ status: 'signedIn', user: { phoneNumber: phone(1), name: 'Jasur Xaridor' } });
    expect((await api.get(TelegramLinkService).subscriptionByChat(BUYER))?.userId).toBe(signedIn.user._id);
  });

  it("relays a conversation's message to the linked seller with a button opening the thread in the Mini App", async () => {
    const dataSource = api.get(DataSource);
    const seller = await createSignedInUser(api, { name: 'Sardor Sotuvchi' });
    await dataSource.transaction((transaction) => api.get(TelegramLinkService).linkChat(transaction, seller.id, SELLER_CHAT, 'uz'));
    const buyer = await createSignedInUser(api, { name: 'Jasur Xaridor' });
    const listingId = await insertListing(dataSource, { authorId: seller.id, status: 'active', name: 'Galaxy S23 mini app' });
    const { body } = await request(api.getHttpServer()).post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Salom, bormi?' }).expect(201);
    await eventually(async () => {
      const relayed = telegram.callsOf('sendMessage').find((call) => Number(call.body.chat_id) === SELLER_CHAT && String(call.body.text).includes('Salom, bormi?'));
      expect(relayed?.answer?.status).toBe(200);
      expect(relayed!.body.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Ilovani ochish', url: `https://t.me/${telegram.botUsername}/market?startapp=c_${body.id}` }]] });
    });
  });

  it("refuses someone else's contact card and a number the site cannot serve, recording neither", async () => {
    telegram.pushContact(STRANGER, `+${phone(2)}`, BUYER);
    telegram.pushContact(STRANGER, '+79161234567');
    await eventually(async () => expect(textsTo(STRANGER)).toEqual(Array(2).fill("Ilovaga kirish uchun o'zingizning O'zbekiston mobil raqamingizni ulashing.")));
    const answer = await request(api.getHttpServer()).post('/api/auth/telegram').send({ initData: signedLaunch({ id: STRANGER, first_name: 'Begona' }), agree: true }).expect(200);
    expect(answer.body).toEqual({ status: 'contactNeeded' });
  });
});
