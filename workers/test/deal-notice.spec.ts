import { Queue, type Job } from 'bullmq';
import request from 'supertest';
import { TelegramLinkService } from '@market/backend';
import { QUEUES } from '@market/contracts';
import { eventually } from '../../test/support/eventually';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { NotifyProcessor } from '../src/bot/notify.processor';
import { startBotStack, type BotStack } from './stack.support';

const BUYER_CHAT = 778038;

describe('the buyer is told a deal awaits their confirmation (issue 38)', () => {
  let stack: BotStack;
  let seller: TestUser;
  let buyer: TestUser;
  const http = () => request(stack.api.getHttpServer());
  const awaitingInInbox = async () =>
    (await http().get('/api/notifications?page=1').set('Cookie', buyer.cookie).expect(200)).body.notifications.filter(
      (notification: { kind: string }) => notification.kind === 'dealAwaiting',
    );
  const messagesToBuyer = () => stack.telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === BUYER_CHAT);
  const textsToBuyer = () => messagesToBuyer().map((call) => String(call.body.text));

  /** A listing the buyer wrote about and the seller answered: the seller can name the buyer. */
  async function talkedAbout(name: string): Promise<string> {
    const listingId = await insertListing(stack.dataSource, { authorId: seller.id, status: 'active', name });
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Telefon sotuvdami?' }).expect(201);
    await http().post(`/api/conversations/${body.id}/messages`).set('Cookie', seller.cookie).send({ text: 'Ha, sotuvda' }).expect(201);
    return listingId;
  }
  const markSold = (listingId: string, body: object) =>
    http().post(`/api/phone/${listingId}/sold`).set('Cookie', seller.cookie).set('X-Forwarded-For', '203.0.113.38').send(body).expect(200);

  beforeAll(async () => {
    stack = await startBotStack('deal_notice', { TELEGRAM_MINI_APP_NAME: 'market' });
    seller = await createSignedInUser(stack.api, { name: 'Sardor Sotuvchi' });
    buyer = await createSignedInUser(stack.api, { name: 'Bobur Xaridor' });
    await stack.dataSource.transaction((transaction) => stack.api.get(TelegramLinkService).linkChat(transaction, buyer.id, BUYER_CHAT, 'uz'));
  });
  afterAll(() => stack?.close());

  it('puts the sale naming the buyer in their inbox and linked chat once, and says nothing of a phone sold elsewhere', async () => {
    const named = await talkedAbout('Galaxy A54 deal');
    const elsewhere = await talkedAbout('Redmi 12 elsewhere');
    await markSold(elsewhere, {});
    await markSold(named, { buyerId: buyer.id });

    const [entry] = await eventually(async () => {
      const found = await awaitingInInbox();
      expect(found).toHaveLength(1);
      expect(textsToBuyer().filter((text) => text.includes('Sotuvchi sizga sotganini belgiladi'))).toHaveLength(1);
      return found;
    });
    expect(entry.link).toBe('/profile/messages');
    expect(entry.text.uz).toContain('Galaxy A54 deal');
    expect(entry.text.uz).toContain('«Ha, men sotib oldim»');
    expect(entry.text.ru).toContain('Продавец отметил, что продал вам: Galaxy A54 deal');
    expect(entry.text.en).toContain('The seller marked this sold to you: Galaxy A54 deal');
    const [message] = messagesToBuyer().filter((call) => String(call.body.text).includes('Sotuvchi sizga sotganini belgiladi'));
    expect(message.body.text).toContain('Galaxy A54 deal');
    expect(message.body.text).toContain(new URL('/profile/messages', stack.config.PUBLIC_URL).toString());
    // The button opens the buyer's deals in the Mini App.
    expect(message.body.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Ilovani ochish', url: `https://t.me/${stack.telegram.botUsername}/market?startapp=deals` }]] });

    // The job run again (a retry after a crash) neither sends nor files it twice.
    const [event] = await stack.dataSource.query(`SELECT id, payload FROM outbox_event WHERE name = 'deal.opened' AND payload->>'listingId' = $1`, [named]);
    await stack.workers.get(NotifyProcessor).handlers['deal.opened']({ id: event.id, data: event.payload } as Job, undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await awaitingInInbox()).toHaveLength(1);
    const aboutDeals = textsToBuyer().filter((text) => text.includes('Sotuvchi sizga sotganini belgiladi'));
    expect(aboutDeals).toHaveLength(1);
    expect(aboutDeals.join('\n')).not.toContain('Redmi 12 elsewhere');
  });

  it('says nothing of a deal the buyer answered before its notice went out (a notice held back by the pacing or a retry)', async () => {
    const declined = await talkedAbout('Pixel 7 answered');
    await markSold(declined, { buyerId: buyer.id });
    const [event] = await eventually(async () => {
      const events = await stack.dataSource.query(`SELECT id, payload FROM outbox_event WHERE name = 'deal.opened' AND payload->>'listingId' = $1`, [declined]);
      expect(events).toHaveLength(1);
      return events;
    });
    await http().post(`/api/deals/${event.payload.dealId}/confirm`).set('Cookie', buyer.cookie).send({ bought: false }).expect(200);
    // The notice's own job is done, before or after the answer (a notice it sent may have waited its turn in the chat).
    const notify = new Queue(QUEUES.notify, { connection: { url: stack.config.REDIS_QUEUE_URL }, prefix: stack.config.QUEUE_PREFIX });
    try {
      await eventually(async () => expect(['completed', 'failed']).toContain(await notify.getJobState(event.id)), 20_000);
    } finally {
      await notify.close();
    }
    const noticesOfIt = () => textsToBuyer().filter((text) => text.includes('Sotuvchi sizga sotganini belgiladi') && text.includes('Pixel 7 answered'));
    const inboxBefore = (await awaitingInInbox()).length;
    const sentBefore = noticesOfIt().length;

    // The notice's job comes now, under an id of its own: as a job delayed past the answer does.
    await stack.workers.get(NotifyProcessor).handlers['deal.opened']({ id: `${event.id}-late`, data: event.payload } as Job, undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await awaitingInInbox()).toHaveLength(inboxBefore);
    expect(noticesOfIt()).toHaveLength(sentBefore);
  }, 30_000);
});
