import request from 'supertest';
import { TelegramLinkService } from '@market/backend';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { signedLaunch, TEST_BOT_TOKEN } from '../../test/support/telegram-init-data';
import { createSignedInUser } from '../../test/support/users';
import { startBotStack, type BotStack } from './stack.support';

// Telegram users and numbers of this file only.
const BUYER = 5937410001;
const STRANGER = 5937410002;
const SELLER_CHAT = 5937410003;
const phone = (n: number) => `99893741${String(n).padStart(4, '0')}`;

describe('the bot and the Mini App', () => {
  let stack: BotStack;
  const textsTo = (chatId: number) => stack.telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === chatId).map((call) => String(call.body.text));

  beforeAll(async () => {
    // The token the launches are signed with, as the Mini App's sign-in checks them.
    stack = await startBotStack('miniapp', { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_MINI_APP_NAME: 'market', PUBLIC_URL: 'https://telefonbozor.example' });
  });
  afterAll(() => stack?.close());

  it("sets the bot's menu button to open the Mini App's entry page", () => {
    expect(stack.telegram.menuButton()).toEqual({ type: 'web_app', text: 'Ilovani ochish', web_app: { url: 'https://telefonbozor.example/mini-app' } });
  });

  it("takes the sender's own shared number as Telegram-verified: the app's next sign-in registers it and links the chat", async () => {
    const signIn = () => request(stack.api.getHttpServer()).post('/api/auth/telegram').send({ initData: signedLaunch({ id: BUYER, first_name: 'Jasur' }), agree: true, name: 'Jasur Xaridor' });
    expect((await signIn().expect(200)).body).toEqual({ status: 'contactNeeded' });
    stack.telegram.pushContact(BUYER, `+${phone(1)}`);
    await eventually(async () => expect(textsTo(BUYER)).toContain("Raqamingiz qabul qilindi. Ilovaga qayting: u sizni shu raqam bilan kiritadi."));
    const signedIn = (await signIn().expect(200)).body;
    expect(signedIn).toMatchObject({ status: 'signedIn', user: { phoneNumber: phone(1), name: 'Jasur Xaridor' } });
    expect((await stack.api.get(TelegramLinkService).subscriptionByChat(BUYER))?.userId).toBe(signedIn.user._id);
  });

  it("relays a conversation's message to the linked seller with a button opening the thread in the Mini App", async () => {
    const seller = await createSignedInUser(stack.api, { name: 'Sardor Sotuvchi' });
    await stack.dataSource.transaction((transaction) => stack.api.get(TelegramLinkService).linkChat(transaction, seller.id, SELLER_CHAT, 'uz'));
    const buyer = await createSignedInUser(stack.api, { name: 'Jasur Xaridor' });
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', name: 'Galaxy S23 mini app' });
    const { body } = await request(stack.api.getHttpServer()).post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Salom, bormi?' }).expect(201);
    await eventually(async () => {
      const relayed = stack.telegram.callsOf('sendMessage').find((call) => Number(call.body.chat_id) === SELLER_CHAT && String(call.body.text).includes('Salom, bormi?'));
      expect(relayed?.answer?.status).toBe(200);
      expect(relayed!.body.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Ilovani ochish', url: `https://t.me/${stack.telegram.botUsername}/market?startapp=c_${body.id}` }]] });
    });
  });

  it("refuses someone else's contact card and a number the site cannot serve, recording neither", async () => {
    stack.telegram.pushContact(STRANGER, `+${phone(2)}`, BUYER);
    stack.telegram.pushContact(STRANGER, '+79161234567');
    await eventually(async () => expect(textsTo(STRANGER)).toEqual(Array(2).fill("Ilovaga kirish uchun o'zingizning O'zbekiston mobil raqamingizni ulashing.")));
    const answer = await request(stack.api.getHttpServer()).post('/api/auth/telegram').send({ initData: signedLaunch({ id: STRANGER, first_name: 'Begona' }), agree: true }).expect(200);
    expect(answer.body).toEqual({ status: 'contactNeeded' });
  });
});
