import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import request from 'supertest';
import { AppConfig, TelegramLinkService } from '@market/backend';
import { CHANNEL_VARIANT } from '../../backend/src/listings/listing-photo-shapes';
import { freshImei, testBrand, uploadPhotos, wizardPayload } from '../../backend/test/listings-support';
import { eventually } from '../../test/support/eventually';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { BuyerAlertsProcessor } from '../src/buyer-alerts/buyer-alerts.processor';
import { TelegramPacing } from '../src/pacing/telegram-pacing';
import { SavedSearchDigestScheduler } from '../src/buyer-alerts/saved-search-digest.scheduler';
import { linkTheBot } from './bot-link.support';
import { startBotStack, type BotStack } from './stack.support';

const CHAT_OF_A = 880001;
const CHAT_OF_B = 880002;
const CHAT_OF_C = 880003;
const CHAT_OF_E = 880005;

describe("saved searches' alerts through the bot", () => {
  let stack: BotStack;
  let admin: TestUser;
  let seller: TestUser;
  let buyerA: TestUser;
  let buyerB: TestUser;
  let brand: Awaited<ReturnType<typeof testBrand>>;
  /** A's search by the test brand's id: instant alerts, with a pause button. */
  let brandSearchOfA: string;

  const http = () => request(stack.api.getHttpServer());
  const messagesTo = (chat: number) =>
    stack.telegram
      .callsOf('sendMessage')
      // Delivered messages only: a refused call (a 429) delivered nothing.
      .filter((call) => Number(call.body.chat_id) === chat && call.answer?.status === 200)
      .map((call) => String(call.body.text));
  const alertsTo = (chat: number, listingId: string) => messagesTo(chat).filter((text) => text.includes(`/phone/${listingId}`));

  /**
   * Sessions of the test's database inside a transaction of alerts or price drops, waiting for their
   * client (the outbox relay's own short transactions are not counted).
   */
  const openTransactions = async () =>
    (
      await stack.dataSource.query(
        `SELECT count(*)::int AS open FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle in transaction%'
            AND (query LIKE '%saved_search_match%' OR query LIKE '%price_drop_delivery%')`,
      )
    )[0].open as number;

  async function save(user: TestUser, query: Record<string, string>, alerts = 'instant'): Promise<string> {
    return (await http().post('/api/user/saved-searches').set('Cookie', user.cookie).send({ query, alerts }).expect(201)).body._id;
  }

  /** A listing of the test brand's phone for 4 500 000 so'm (in Tashkent unless told), in the given status. */
  async function listing(status: 'waiting' | 'active', name = 'Alerted phone', region = 'toshkent'): Promise<string> {
    const [{ id }] = await stack.dataSource.query(
      `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description, phone_number, status)
       VALUES ($1, $2, $3, $4, 4500000, 'uzs', 4500000, $6, 'Yaxshi', '998901112233', $5) RETURNING id`,
      [seller.id, brand.phone.id, brand.id, name, status, region],
    );
    return id;
  }

  beforeAll(async () => {
    stack = await startBotStack('alerts', { STORAGE_DIR: mkdtempSync(join(tmpdir(), 'alert-photos-')) });
    [admin, seller, buyerA, buyerB] = await Promise.all([
      createSignedInUser(stack.api, { role: 'admin' }),
      createSignedInUser(stack.api),
      createSignedInUser(stack.api),
      createSignedInUser(stack.api),
    ]);
    brand = await testBrand(stack.api, 'Alerts');
    await linkTheBot(stack.api, stack.telegram, buyerA.id, CHAT_OF_A, 'uz');
    await linkTheBot(stack.api, stack.telegram, buyerB.id, CHAT_OF_B, 'ru');

    // Three searches the listing matches: two of A's (its brand; its region up to 5 million), one of B's (its model by name).
    brandSearchOfA = await save(buyerA, { brand: brand.id });
    await save(buyerA, { region: 'toshkent', maxPrice: '5000000' });
    await save(buyerB, { name: brand.phone.name });
    // And searches it does not: too cheap, another region, another model, alerts off, a daily digest.
    await save(buyerA, { brand: brand.id, maxPrice: '4000000' });
    await save(buyerB, { region: 'xorazm' });
    await save(buyerB, { name: brand.single.name });
    await save(buyerB, { brand: brand.name }, 'off');
    await save(buyerA, { brand: brand.name, region: 'toshkent' }, 'daily');
  });
  afterAll(() => stack?.close());

  it('sends one message per matching search when a listing is approved, in each buyer\'s language, and nothing more when the job runs again', async () => {
    const listingId = await listing('waiting');
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);

    await eventually(async () => {
      expect(alertsTo(CHAT_OF_A, listingId)).toHaveLength(2);
      expect(alertsTo(CHAT_OF_B, listingId)).toHaveLength(1);
    });
    expect(alertsTo(CHAT_OF_A, listingId)[0]).toContain("Saqlangan qidiruvingizga mos yangi e'lon: Alerted phone");
    expect(alertsTo(CHAT_OF_A, listingId)[0]).toMatch(/Narxi: 4\s500\s000\sso'm/);
    expect(alertsTo(CHAT_OF_B, listingId)[0]).toMatch(/Цена: 4\s500\s000\sсум/);

    // The same job again, twice at once (a retry racing a stalled run): no message more.
    const processor = stack.workers.get(BuyerAlertsProcessor);
    const job = { id: 'again', name: 'listing.approved', data: { listingId, approvedBy: admin.id } } as Job;
    await Promise.all([processor.process(job), processor.process(job)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alertsTo(CHAT_OF_A, listingId)).toHaveLength(2);
    expect(alertsTo(CHAT_OF_B, listingId)).toHaveLength(1);

    // Every matching search counts it as new, the daily one too; the others do not.
    const searches = (await http().get('/api/user/saved-searches').set('Cookie', buyerA.cookie).expect(200)).body.searches;
    expect(searches.map((search: { newListings: number }) => search.newListings).sort()).toEqual([0, 1, 1, 1]);
  });

  it('sends each alert once when two runs of the job race from the start', async () => {
    const listingId = await listing('active', 'Raced phone');
    const processor = stack.workers.get(BuyerAlertsProcessor);
    const job = { id: 'raced', name: 'listing.approved', data: { listingId, approvedBy: admin.id } } as Job;
    await Promise.all([processor.process(job), processor.process(job), processor.process(job)]);
    expect(alertsTo(CHAT_OF_A, listingId)).toHaveLength(2);
    expect(alertsTo(CHAT_OF_B, listingId)).toHaveLength(1);
    // Paced at Telegram's 1 message a second per chat: the Bot API never had to refuse one.
    expect(stack.telegram.callsOf('sendMessage').filter((call) => call.answer?.status === 429)).toHaveLength(0);
  });

  it('retries an alert the Bot API refused without sending the delivered ones again', async () => {
    const listingId = await listing('active', 'Retried phone');
    // Refused three times: the message waits each retry_after in place, then the job gives it to BullMQ's retry.
    stack.telegram.failNext(/sendMessage/, stack.telegram.tooManyRequests(1), 3);
    const processor = stack.workers.get(BuyerAlertsProcessor);
    const job = { id: 'retried', name: 'listing.approved', data: { listingId, approvedBy: admin.id } } as Job;
    await expect(processor.process(job)).rejects.toThrow();
    await processor.process(job);
    expect(alertsTo(CHAT_OF_A, listingId)).toHaveLength(2);
    expect(alertsTo(CHAT_OF_B, listingId)).toHaveLength(1);
  });

  it("waits for a chat's turn holding no transaction and no lock on the alert", async () => {
    const listingId = await listing('active', 'Waited phone');
    // A's chat is closed for two seconds (as after a 429): A's alerts wait for it.
    const pacing = stack.workers.get(TelegramPacing);
    await pacing.retryAfter(pacing.privateChat(CHAT_OF_A), 2_000);
    const processor = stack.workers.get(BuyerAlertsProcessor);
    const run = processor.process({ id: 'waited', name: 'listing.approved', data: { listingId, approvedBy: admin.id } } as Job);

    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(alertsTo(CHAT_OF_A, listingId)).toHaveLength(0);
    expect(await openTransactions()).toBe(0);
    // The waiting alerts' rows can be locked at once by anyone else (the daily digest, a second run).
    await stack.dataSource.transaction(async (transaction) => {
      await transaction.query(`SELECT 1 FROM saved_search_match WHERE listing_id = $1 FOR UPDATE NOWAIT`, [listingId]);
    });

    await run;
    expect(alertsTo(CHAT_OF_A, listingId)).toHaveLength(2);
    expect(alertsTo(CHAT_OF_B, listingId)).toHaveLength(1);
  });

  it("tells a holder of a lowered price once the chat's turn comes, holding no transaction meanwhile", async () => {
    const listingId = await listing('active', 'Lowered phone');
    await http().post(`/api/phone/${listingId}/favourite`).set('Cookie', buyerA.cookie).expect(200);
    const pacing = stack.workers.get(TelegramPacing);
    await pacing.retryAfter(pacing.privateChat(CHAT_OF_A), 2_000);
    const processor = stack.workers.get(BuyerAlertsProcessor);
    const job = { id: randomUUID(), name: 'listing.price-lowered', data: { listingId, oldPrice: 5_000_000, oldValut: 'uzs' } } as Job;
    const run = processor.process(job);

    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await openTransactions()).toBe(0);
    await run;
    const dropsToA = () => messagesTo(CHAT_OF_A).filter((text) => text.includes('arzonlashdi') && text.includes(listingId));
    expect(dropsToA()).toHaveLength(1);

    // A day later, another lowering that the Bot API refuses until the job gives up: its retry tells A, once.
    await stack.dataSource.query(`UPDATE price_drop_announcement SET announced_at = now() - interval '25 hours', lowest_price_uzs = lowest_price_uzs + 1 WHERE listing_id = $1`, [listingId]);
    stack.telegram.failNext(/sendMessage/, stack.telegram.tooManyRequests(1), 3);
    const refused = { ...job, id: randomUUID(), data: { listingId, oldPrice: 4_800_000, oldValut: 'uzs' } } as Job;
    await expect(processor.process(refused)).rejects.toThrow();
    await processor.process(refused);
    await processor.process(refused);
    expect(dropsToA()).toHaveLength(2);
  });

  it('announces a drop at most once a day per listing, and only below the lowest price announced (issue 35)', async () => {
    const listingId = await listing('active', 'Haggled phone');
    await http().post(`/api/phone/${listingId}/favourite`).set('Cookie', buyerA.cookie).expect(200);
    const processor = stack.workers.get(BuyerAlertsProcessor);
    const dropsToA = () => messagesTo(CHAT_OF_A).filter((text) => text.includes('arzonlashdi') && text.includes(listingId));
    const inboxDrops = async () =>
      Number((await stack.dataSource.query(`SELECT count(*) AS count FROM notification WHERE user_id = $1 AND kind = 'priceDrop' AND link = $2`, [buyerA.id, `/phone/${listingId}`]))[0].count);
    const priceBecomes = (som: number) => stack.dataSource.query(`UPDATE listing SET price = $2, price_uzs = $2 WHERE id = $1`, [listingId, som]);
    const lowered = (oldPrice: number) => ({ id: randomUUID(), name: 'listing.price-lowered', data: { listingId, oldPrice, oldValut: 'uzs' } }) as Job;
    const aDayPasses = () => stack.dataSource.query(`UPDATE price_drop_announcement SET announced_at = announced_at - interval '25 hours' WHERE listing_id = $1`, [listingId]);

    // Two lowerings at once, then a third the same day: one announcement.
    await priceBecomes(4_000_000);
    await Promise.all([processor.process(lowered(4_500_000)), processor.process(lowered(4_400_000))]);
    await priceBecomes(3_800_000);
    await processor.process(lowered(4_000_000));
    expect(dropsToA()).toHaveLength(1);
    expect(await inboxDrops()).toBe(1);

    // A day later: raised and lowered again, still above the lowest announced (3 800 000 was never announced: 4 000 000 was), is no news.
    await aDayPasses();
    await priceBecomes(4_200_000);
    await processor.process(lowered(4_600_000));
    expect(dropsToA()).toHaveLength(1);

    // Below the lowest announced: told.
    await priceBecomes(3_700_000);
    await processor.process(lowered(4_200_000));
    expect(dropsToA()).toHaveLength(2);
    expect(await inboxDrops()).toBe(2);
  });

  it("sends another listing's alerts while a chat waits for its turn", async () => {
    // E follows a region no search above names, for a listing of another brand: only E's alert is Y's.
    const buyerE = await createSignedInUser(stack.api);
    await linkTheBot(stack.api, stack.telegram, buyerE.id, CHAT_OF_E, 'uz');
    await save(buyerE, { region: 'surxondaryo' });
    const other = await testBrand(stack.api, 'Elsewhere');
    const listingX = await listing('waiting', 'Held phone');
    const [{ id: listingY }] = await stack.dataSource.query(
      `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description, phone_number, status)
       VALUES ($1, $2, $3, 'Free phone', 3000000, 'uzs', 3000000, 'surxondaryo', 'Yaxshi', '998901112233', 'waiting') RETURNING id`,
      [seller.id, other.phone.id, other.id],
    );
    // A's chat is closed for eight seconds: X's alerts to A wait for it, and X's job with them.
    const pacing = stack.workers.get(TelegramPacing);
    await pacing.retryAfter(pacing.privateChat(CHAT_OF_A), 8_000);
    for (const id of [listingX, listingY]) await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id }).expect(200);

    // Y, approved after X, is not held back by it: E is told while A's chat is still closed.
    await eventually(async () => expect(alertsTo(CHAT_OF_E, listingY)).toHaveLength(1), 7_000, 50);
    expect(alertsTo(CHAT_OF_A, listingX)).toHaveLength(0);
    await eventually(async () => expect(alertsTo(CHAT_OF_A, listingX)).toHaveLength(2), 15_000);
  }, 30_000);

  it('sends nothing for a listing that is no longer on sale', async () => {
    const listingId = await listing('waiting', 'Withdrawn phone');
    const processor = stack.workers.get(BuyerAlertsProcessor);
    await processor.process({ id: 'withdrawn', name: 'listing.approved', data: { listingId, approvedBy: admin.id } } as Job);
    expect(alertsTo(CHAT_OF_A, listingId)).toHaveLength(0);
    expect(alertsTo(CHAT_OF_B, listingId)).toHaveLength(0);
  });

  it('sends the daily searches\' matches as one digest, once, however many workers run the schedule', async () => {
    const digestsTo = (chat: number) => messagesTo(chat).filter((text) => text.includes('Bugun saqlangan qidiruvlaringizga'));
    const scheduler = stack.workers.get(SavedSearchDigestScheduler);
    await Promise.all([scheduler.sendDigests(), scheduler.sendDigests()]);

    expect(digestsTo(CHAT_OF_A)).toHaveLength(1);
    const [digest] = digestsTo(CHAT_OF_A);
    // The listings still on sale that A's daily search matched, each once; not the withdrawn one.
    expect(digest.match(/• /g)).toHaveLength(5);
    for (const name of ['Alerted phone', 'Raced phone', 'Retried phone', 'Waited phone', 'Held phone']) expect(digest).toContain(name);
    expect(digest).not.toContain('Withdrawn phone');
    expect(messagesTo(CHAT_OF_B).some((text) => text.includes('Новые объявления за сегодня'))).toBe(false);

    await scheduler.sendDigests();
    expect(digestsTo(CHAT_OF_A)).toHaveLength(1);
  });

  it('tells each holder once when the seller lowers the price, and the kept card shows the old price', async () => {
    const imei = [freshImei()];
    const created = await http()
      .post('/api/phone')
      .set('Cookie', seller.cookie)
      .send(wizardPayload(brand.phone, await uploadPhotos(stack.api, seller.cookie, 1), { imei, region: 'buxoro' }))
      .expect(201);
    const listingId: string = created.body._id;
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
    for (const buyer of [buyerA, buyerB]) await http().post(`/api/phone/${listingId}/favourite`).set('Cookie', buyer.cookie).expect(200);
    const dropsTo = (chat: number) => messagesTo(chat).filter((text) => /arzonlashdi|подешевело/.test(text) && text.includes(listingId));

    const [{ image_id: photo }] = await stack.dataSource.query(`SELECT image_id FROM listing_image WHERE listing_id = $1`, [listingId]);
    const lowered = await http()
      .put(`/api/phone/${listingId}`)
      .set('Cookie', seller.cookie)
      .send(wizardPayload(brand.phone, [photo], { imei, price: '3 900 000', region: 'buxoro' }))
      .expect(200);
    expect(lowered.body._id).toBe(listingId);

    await eventually(async () => {
      expect(dropsTo(CHAT_OF_A)).toHaveLength(1);
      expect(dropsTo(CHAT_OF_B)).toHaveLength(1);
    });
    expect(dropsTo(CHAT_OF_A)[0]).toMatch(/4\s500\s000\sso'm → 3\s900\s000\sso'm/);
    expect(dropsTo(CHAT_OF_B)[0]).toMatch(/4\s500\s000\sсум → 3\s900\s000\sсум/);

    // The same lowering's job again: nobody is told twice.
    const [event] = await stack.dataSource.query(`SELECT id FROM outbox_event WHERE name = 'listing.price-lowered' AND payload->>'listingId' = $1`, [listingId]);
    const processor = stack.workers.get(BuyerAlertsProcessor);
    const job = { id: event.id, name: 'listing.price-lowered', data: { listingId, oldPrice: 4_500_000, oldValut: 'uzs' } } as Job;
    await Promise.all([processor.process(job), processor.process(job)]);
    expect(dropsTo(CHAT_OF_A)).toHaveLength(1);
    expect(dropsTo(CHAT_OF_B)).toHaveLength(1);

    const kept = (await http().get('/api/user/favourites').set('Cookie', buyerA.cookie).expect(200)).body.favourites;
    expect(kept.find((favourite: { listing: { _id: string } }) => favourite.listing._id === listingId)).toMatchObject({
      priceBefore: 4_500_000,
      listing: { price: 3_900_000 },
    });

    // A higher price is no news.
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
    await http()
      .put(`/api/phone/${listingId}`)
      .set('Cookie', seller.cookie)
      .send(wizardPayload(brand.phone, [photo], { imei, price: '5 000 000', region: 'buxoro' }))
      .expect(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(dropsTo(CHAT_OF_A)).toHaveLength(1);
  });

  it("paces a buyer's alerts within Telegram's limits (1 a second into a chat): none refused, each sent once", async () => {
    const buyerC = await createSignedInUser(stack.api);
    await linkTheBot(stack.api, stack.telegram, buyerC.id, CHAT_OF_C, 'uz');
    // Four of C's searches match the listing in Navoiy; so do A's brand and B's model.
    for (const maxPrice of ['4600000', '5000000', '6000000', '7000000']) await save(buyerC, { region: 'navoiy', maxPrice });
    // The bot's reply to /start has left the chat's second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const callsBefore = stack.telegram.calls.length;

    const listingId = await listing('waiting', 'Paced phone', 'navoiy');
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);

    await eventually(async () => {
      expect(alertsTo(CHAT_OF_C, listingId)).toHaveLength(4);
      expect(alertsTo(CHAT_OF_A, listingId)).toHaveLength(1);
      expect(alertsTo(CHAT_OF_B, listingId)).toHaveLength(1);
    }, 20_000);
    const refused = stack.telegram.calls.slice(callsBefore).filter((call) => call.answer?.status === 429);
    expect(refused).toHaveLength(0);
    // C's alerts a second apart at least, as Telegram counts them.
    const times = stack.telegram.deliveredTo(String(CHAT_OF_C)).slice(-4).map((delivery) => delivery.at);
    for (let index = 1; index < times.length; index++) expect(times[index] - times[index - 1]).toBeGreaterThanOrEqual(1000);
  }, 30_000);

  it('unlinks a buyer who blocked the bot, and the others still get their alerts of the listing', async () => {
    const buyerD = await createSignedInUser(stack.api);
    await linkTheBot(stack.api, stack.telegram, buyerD.id, 880004, 'ru');
    await save(buyerD, { region: 'jizzax' });
    stack.telegram.blockBot(880004);

    const listingId = await listing('waiting', 'Blocked phone', 'jizzax');
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);

    await eventually(async () => {
      expect(alertsTo(CHAT_OF_A, listingId)).toHaveLength(1);
      expect(alertsTo(CHAT_OF_B, listingId)).toHaveLength(1);
      expect(await stack.api.get(TelegramLinkService).subscriptionOf(buyerD.id)).toBeNull();
    }, 15_000);
  }, 30_000);

  it("sends the listing's first photo with the alert as caption and a button that pauses the search, for its owner only", async () => {
    const photosTo = (chat: number, listingId: string) =>
      stack.telegram
        .callsOf('sendPhoto')
        .filter((call) => Number(call.body.chat_id) === chat && call.answer?.status === 200 && String(call.body.caption).includes(`/phone/${listingId}`));
    const approvedWithPhoto = async () => {
      const created = await http()
        .post('/api/phone')
        .set('Cookie', seller.cookie)
        .send(wizardPayload(brand.phone, await uploadPhotos(stack.api, seller.cookie, 2), { region: 'buxoro' }))
        .expect(201);
      await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: created.body._id }).expect(200);
      return created.body._id as string;
    };
    const answerTo = async (callbackQueryId: string) => {
      let text = '';
      await eventually(async () => {
        const [answer] = stack.telegram.callsOf('answerCallbackQuery').filter((call) => call.body.callback_query_id === callbackQueryId);
        expect(answer?.answer?.status).toBe(200);
        text = String(answer!.body.text);
      });
      return text;
    };
    const alertsOfA = async () =>
      (await http().get('/api/user/saved-searches').set('Cookie', buyerA.cookie).expect(200)).body.searches.find(
        (search: { _id: string }) => search._id === brandSearchOfA,
      ).alerts;

    // The listing matches A's brand search and B's model search (not A's Tashkent ones: it is in Bukhara).
    const listingId = await approvedWithPhoto();
    await eventually(async () => {
      expect(photosTo(CHAT_OF_A, listingId)).toHaveLength(1);
      expect(photosTo(CHAT_OF_B, listingId)).toHaveLength(1);
    });
    expect(alertsTo(CHAT_OF_A, listingId)).toHaveLength(0);
    const [{ channelKey }] = await stack.dataSource.query(
      `SELECT i.variant_keys[${CHANNEL_VARIANT + 1}] AS "channelKey" FROM listing_image li JOIN images i ON i.id = li.image_id
        WHERE li.listing_id = $1 ORDER BY li.position LIMIT 1`,
      [listingId],
    );
    const [alert] = photosTo(CHAT_OF_A, listingId);
    type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };
    // The first photo's JPEG copy (Telegram takes no WebP as a photo), as an absolute URL Telegram can fetch.
    expect(alert.body.photo).toBe(new URL(`/uploads/${channelKey}`, stack.api.get(AppConfig).PUBLIC_URL).toString());
    expect(String(alert.body.photo)).toMatch(/^https?:\/\/[^/]+\/uploads\/.+\.jpg$/);
    expect(alert.body.caption).toContain(`Saqlangan qidiruvingizga mos yangi e'lon: ${brand.phone.name}`);
    expect(alert.body.caption).toMatch(/Narxi: 4\s500\s000\sso'm/);
    expect(alert.body.reply_markup).toEqual({
      inline_keyboard: [[{ text: "Bu qidiruv bo'yicha xabarlarni to'xtatish", callback_data: `pause:${brandSearchOfA}` }]],
    });
    const [alertOfB] = photosTo(CHAT_OF_B, listingId);
    expect((alertOfB.body.reply_markup as Keyboard).inline_keyboard[0][0].text).toBe(
      'Остановить уведомления по этому поиску',
    );

    // B's chat presses A's button (forwarded, or forged), an unlinked chat too, and A an unknown search: refused, nothing changes.
    expect(await answerTo(stack.telegram.pushCallbackQuery(CHAT_OF_B, `pause:${brandSearchOfA}`))).toBe('Этот поиск не найден или принадлежит другому аккаунту.');
    expect(await answerTo(stack.telegram.pushCallbackQuery(880099, `pause:${brandSearchOfA}`))).toBe("Bu qidiruv topilmadi yoki sizning hisobingizga tegishli emas.");
    expect(await answerTo(stack.telegram.pushCallbackQuery(CHAT_OF_A, 'pause:not-a-search'))).toBe("Bu qidiruv topilmadi yoki sizning hisobingizga tegishli emas.");
    expect(await alertsOfA()).toBe('instant');

    // A presses it: the search's alerts are off, on the site too; the bot only answers the press.
    const sentBefore = stack.telegram.calls.filter((call) => /\/(send|edit)\w+$/.test(call.path)).length;
    expect(await answerTo(stack.telegram.pushCallbackQuery(CHAT_OF_A, (alert.body.reply_markup as Keyboard).inline_keyboard[0][0].callback_data))).toBe(
      "Bu qidiruv bo'yicha xabarlar to'xtatildi. Saytda qayta yoqishingiz mumkin.",
    );
    expect(await alertsOfA()).toBe('off');
    expect(stack.telegram.calls.filter((call) => /\/(send|edit)\w+$/.test(call.path))).toHaveLength(sentBefore);

    // The next matching listing reaches B's search, and nothing of A's paused one.
    const nextId = await approvedWithPhoto();
    await eventually(async () => expect(photosTo(CHAT_OF_B, nextId)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(photosTo(CHAT_OF_A, nextId)).toHaveLength(0);
    expect(alertsTo(CHAT_OF_A, nextId)).toHaveLength(0);
  });
});
