import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { LIMITS, PROMOTION_DEFAULT_PRICES, TOP_PLACES_PER_PAGE, TOP_ROTATION_MS, type ListingCard, type PromotionProduct } from '@market/contracts';
import { PublicReads } from '../src/database/public-reads';
import { PromotionSettlement } from '../src/promotions/promotion-settlement.service';
import { burst, countStatuses } from '../../test/support/burst';
import { eventually } from '../../test/support/eventually';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { listingsApp, testBrand } from './listings-support';

/** Promotion (issue 39): lift, TOP and a channel repost bought from the balance, and what they do to the feed. */
describe('promotions', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let settlement: PromotionSettlement;
  const server = () => app.getHttpServer();

  beforeAll(async () => {
    app = await listingsApp();
    dataSource = app.get(DataSource);
    settlement = app.get(PromotionSettlement);
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  /** A brand of its own per test, so the feed shows only that test's listings. */
  async function brandWithListings(seller: TestUser, minutesAgo: readonly number[], region = 'toshkent'): Promise<{ brand: string; ids: string[] }> {
    const brand = await testBrand(app, 'Promo');
    const ids: string[] = [];
    for (const minutes of minutesAgo) {
      const [{ id }] = await dataSource.query(
        `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description, phone_number, status, created_at)
         VALUES ($1, $2, $3, $4, 5000000, 'uzs', 5000000, $5, 'Yaxshi telefon', '998901234567', 'active', now() - make_interval(mins => $6))
         RETURNING id`,
        [seller.id, brand.phone.id, brand.id, brand.phone.name, region, minutes],
      );
      ids.push(id);
    }
    return { brand: brand.id, ids };
  }

  const feed = async (query: Record<string, string | number>) => {
    const response = await request(server()).get('/api/phone').query(query).expect(200);
    return response.body as { phones: ListingCard[]; pages: number };
  };
  const buy = (user: TestUser, listingId: string, product: PromotionProduct, idempotencyKey?: string) =>
    request(server()).post(`/api/phone/${listingId}/promotions`).set('Cookie', user.cookie).send({ product, idempotencyKey });
  const balanceOf = async (user: TestUser) => Number((await dataSource.query(`SELECT balance FROM users WHERE id = $1`, [user.id]))[0].balance);
  const ledgerOf = (user: TestUser): Promise<{ kind: string; amount: string; reference: string }[]> =>
    dataSource.query(`SELECT kind, amount, reference FROM balance_entry WHERE user_id = $1 ORDER BY created_at`, [user.id]);

  it('offers the products at their default prices until an admin sets one', async () => {
    const offers = await request(server()).get('/api/promotions').expect(200);
    expect(offers.body.products).toEqual(
      expect.arrayContaining([
        { product: 'lift', price: PROMOTION_DEFAULT_PRICES.lift },
        { product: 'top3', price: PROMOTION_DEFAULT_PRICES.top3, days: 3 },
        { product: 'top7', price: PROMOTION_DEFAULT_PRICES.top7, days: 7 },
        { product: 'channelRepost', price: PROMOTION_DEFAULT_PRICES.channelRepost },
      ]),
    );
    const user = await createSignedInUser(app);
    await request(server()).put('/api/admin/promotions/prices').set('Cookie', user.cookie).send({ lift: 1 }).expect(403);
    const admin = await createSignedInUser(app, { role: 'admin' });
    const changed = await request(server()).put('/api/admin/promotions/prices').set('Cookie', admin.cookie).send({ channelRepost: 25_000 }).expect(200);
    expect(changed.body.products).toContainEqual({ product: 'channelRepost', price: 25_000 });
    await request(server()).put('/api/admin/promotions/prices').set('Cookie', admin.cookie).send({ channelRepost: PROMOTION_DEFAULT_PRICES.channelRepost }).expect(200);
  });

  it('lifts a listing to the top of its feed once: later listings come before it again, and a second lift the same day is refused', async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const { brand, ids } = await brandWithListings(seller, [1, 2, 3]);
    const oldest = ids[2];
    const lifted = await buy(seller, oldest, 'lift').expect(200);
    expect(lifted.body).toMatchObject({ charged: PROMOTION_DEFAULT_PRICES.lift, balance: 100_000 - PROMOTION_DEFAULT_PRICES.lift, promotion: { product: 'lift', state: 'done' } });
    expect((await feed({ brand })).phones.map((card) => card._id)).toEqual([oldest, ids[0], ids[1]]);

    const again = await buy(seller, oldest, 'lift').expect(409);
    expect(again.body.code).toBe('promotionLiftedToday');
    expect(await balanceOf(seller)).toBe(100_000 - PROMOTION_DEFAULT_PRICES.lift);

    const [newer] = (await brandWithListings(seller, [0])).ids;
    await dataSource.query(`UPDATE listing SET category_id = $2 WHERE id = $1`, [newer, brand]);
    expect((await feed({ brand })).phones.map((card) => card._id)).toEqual([newer, oldest, ids[0], ids[1]]);
  });

  it('charges no lift that lifted nothing: the listing left sale after the purchase found it on sale', async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const { ids } = await brandWithListings(seller, [60]);
    const [before] = await dataSource.query(`SELECT created_at FROM listing WHERE id = $1`, [ids[0]]);
    // Taken off sale in a transaction that commits only once the lift's update waits for it.
    const offSale = dataSource.createQueryRunner();
    await offSale.connect();
    await offSale.startTransaction();
    let lift: Promise<request.Response>;
    try {
      await offSale.query(`UPDATE listing SET status = 'noActive' WHERE id = $1`, [ids[0]]);
      lift = buy(seller, ids[0], 'lift').then((response) => response);
      await eventually(async () => {
        const waiting = await dataSource.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE listing SET created_at%'`);
        expect(waiting).toHaveLength(1);
      });
      await offSale.commitTransaction();
    } finally {
      await offSale.release();
    }

    const refused = await lift;
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('promotionListingNotOnSale');
    expect(await balanceOf(seller)).toBe(100_000);
    expect(await ledgerOf(seller)).toEqual([]);
    expect(await dataSource.query(`SELECT 1 FROM promotion WHERE listing_id = $1`, [ids[0]])).toEqual([]);
    expect(await dataSource.query(`SELECT created_at FROM listing WHERE id = $1`, [ids[0]])).toEqual([before]);
  });

  it('shows a TOP listing first with its mark in the feeds it matches, and nowhere its filters leave it out', async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const { brand, ids } = await brandWithListings(seller, [1, 2, 3, 4, 5]);
    const topped = ids[4];
    await buy(seller, topped, 'top7').expect(200);

    const page = await feed({ brand });
    expect(page.phones[0]).toMatchObject({ _id: topped, top: true });
    expect(page.phones.map((card) => card._id)).toEqual([topped, ...ids.slice(0, 4)]);
    expect(page.phones.slice(1).every((card) => card.top === undefined)).toBe(true);

    // Another region of the same brand: the TOP listing does not match it.
    expect((await feed({ brand, region: 'samarqand' })).phones).toEqual([]);
    const other = await brandWithListings(seller, [1]);
    expect((await feed({ brand: other.brand })).phones.map((card) => card._id)).toEqual(other.ids);
  });

  it('gives TOP at most 2 of the 12 places a page, rotating among them, with the organic order unchanged', async () => {
    const seller = await createSignedInUser(app, { balance: 1_000_000 });
    const organic = Array.from({ length: 20 }, (_, index) => index + 1);
    const { brand, ids } = await brandWithListings(seller, [...organic, 100, 101, 102, 103, 104]);
    const tops = ids.slice(20);
    for (const id of tops) await buy(seller, id, 'top3').expect(200);

    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now);
    const first = await feed({ brand });
    const second = await feed({ brand, page: 2 });
    // 25 listings, 10 organic places a page.
    expect(first.pages).toBe(3);
    for (const page of [first, second]) {
      expect(page.phones).toHaveLength(LIMITS.listingsPerPage);
      expect(page.phones.slice(0, TOP_PLACES_PER_PAGE).every((card) => card.top)).toBe(true);
      expect(page.phones.slice(TOP_PLACES_PER_PAGE).every((card) => !card.top)).toBe(true);
    }
    const organicShown = [...first.phones, ...second.phones].filter((card) => !card.top).map((card) => card._id);
    expect(organicShown).toEqual(ids.slice(0, 20));
    // The next page shows the next TOP listings.
    const topOf = (page: { phones: ListingCard[] }) => page.phones.filter((card) => card.top).map((card) => card._id);
    expect(new Set([...topOf(first), ...topOf(second)]).size).toBe(4);

    // Over five turns every TOP listing has the first page's TOP places as often as the others.
    const shown = new Map<string, number>();
    for (let turn = 0; turn < tops.length; turn++) {
      jest.spyOn(Date, 'now').mockReturnValue(now + turn * TOP_ROTATION_MS);
      for (const id of topOf(await feed({ brand }))) shown.set(id, (shown.get(id) ?? 0) + 1);
    }
    expect([...shown.keys()].sort()).toEqual([...tops].sort());
    expect([...shown.values()]).toEqual(tops.map(() => TOP_PLACES_PER_PAGE));
  });

  it('finds the TOP places from the snapshot of listings in TOP as production runs it, within the filters', async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const { brand, ids } = await brandWithListings(seller, [1, 2, 3]);
    await buy(seller, ids[2], 'top3').expect(200);
    const kept = await listingsApp({ PUBLIC_CACHE_TTL_MS: '2000' });
    try {
      const keptFeed = async (query: Record<string, string>) =>
        (await request(kept.getHttpServer()).get('/api/phone').query(query).expect(200)).body as { phones: ListingCard[] };
      expect((await keptFeed({ brand })).phones.map((card) => [card._id, card.top ?? false])).toEqual([
        [ids[2], true],
        [ids[0], false],
        [ids[1], false],
      ]);
      expect((await keptFeed({ brand, region: 'samarqand' })).phones).toEqual([]);
      // Price bounds narrow the listings in TOP as they narrow the feed.
      await dataSource.query(`UPDATE listing SET price = 3000000, price_uzs = 3000000 WHERE id = $1`, [ids[0]]);
      const placesWithin = async (query: Record<string, string>) => (await keptFeed({ brand, ...query })).phones.map((card) => [card._id, card.top ?? false]);
      expect(await placesWithin({ maxPrice: '4000000' })).toEqual([[ids[0], false]]);
      expect(await placesWithin({ minPrice: '4000000', maxPrice: '5000000' })).toEqual([
        [ids[2], true],
        [ids[1], false],
      ]);
    } finally {
      await kept.close();
    }
  });

  it('answers a page with TOP places by one statement to PostgreSQL, and checks the TOP listings again only when they change', async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const { brand, ids } = await brandWithListings(seller, [1, 2, 3, 4]);
    await dataSource.query(`UPDATE listing SET storage = '128GB' WHERE id = ANY($1::uuid[])`, [ids]);
    await buy(seller, ids[3], 'top3').expect(200);
    const kept = await listingsApp({ PUBLIC_CACHE_TTL_MS: '2000' });
    try {
      const statements = jest.spyOn(kept.get(PublicReads), 'query');
      // Each query a different address: none is answered from the public answers kept for 2 s.
      const placesOf = async (query: Record<string, string>) => {
        statements.mockClear();
        const { phones } = (await request(kept.getHttpServer()).get('/api/phone').query({ brand, ...query }).expect(200)).body as { phones: ListingCard[] };
        return { places: phones.map((card) => [card._id, card.top ?? false]), statements: statements.mock.calls.length };
      };
      // The snapshots of the feed's totals and of the listings in TOP are read once, not per page.
      await placesOf({});
      expect(await placesOf({ region: 'toshkent' })).toEqual({
        places: [[ids[3], true], ...ids.slice(0, 3).map((id) => [id, false])],
        statements: 1,
      });
      // Memory is not in the snapshot: the feed's conditions check the listings in TOP, then the answer is kept.
      expect((await placesOf({ storage: '128GB' })).statements).toBe(2);
      expect((await placesOf({ storage: '128GB', sort: 'price_asc' })).statements).toBe(1);

      // The snapshot is read again after 10 s: unchanged, the filter's matches still hold.
      const realNow = performance.now.bind(performance);
      const later = async (ms: number) => {
        jest.spyOn(performance, 'now').mockImplementation(() => realNow() + ms);
        await placesOf({ page: String(ms) });
        await new Promise((resolve) => setTimeout(resolve, 200));
      };
      await later(11_000);
      expect(await placesOf({ storage: '128GB', sort: 'price_desc' })).toMatchObject({ places: expect.arrayContaining([[ids[3], true]]), statements: 1 });

      // A TOP bought since: the next snapshot has it, and the filter's matches are checked again.
      await buy(seller, ids[2], 'top3').expect(200);
      await later(22_000);
      const changed = await placesOf({ storage: '128GB', sort: 'newest' });
      expect(changed.places.filter(([, top]) => top).map(([id]) => id).sort()).toEqual([ids[2], ids[3]].sort());
      expect(changed.statements).toBe(2);
    } finally {
      await kept.close();
    }
  });

  it('charges once for a retried purchase and names it in the balance history', async () => {
    const seller = await createSignedInUser(app, { balance: 50_000 });
    const { ids } = await brandWithListings(seller, [1]);
    const key = randomUUID();
    const first = await buy(seller, ids[0], 'top3', key).expect(200);
    const retry = await buy(seller, ids[0], 'top3', key).expect(200);
    expect(retry.body.promotion._id).toBe(first.body.promotion._id);
    expect(retry.body.balance).toBe(50_000 - PROMOTION_DEFAULT_PRICES.top3);
    expect(await balanceOf(seller)).toBe(50_000 - PROMOTION_DEFAULT_PRICES.top3);
    const history = await request(server()).get('/api/user/balance-history').set('Cookie', seller.cookie).expect(200);
    expect(history.body.entries).toEqual([expect.objectContaining({ kind: 'top3Charge', amount: -PROMOTION_DEFAULT_PRICES.top3, reference: key })]);
  });

  it('never overdraws the balance under a burst of purchases', async () => {
    const seller = await createSignedInUser(app, { balance: 3 * PROMOTION_DEFAULT_PRICES.top3 + 1_000 });
    const { ids } = await brandWithListings(seller, Array.from({ length: 10 }, (_, index) => index + 1));
    const answers = await burst(10, (index) => buy(seller, ids[index], 'top3'));
    expect(countStatuses(answers)).toEqual({ 200: 3, 402: 7 });
    expect(await balanceOf(seller)).toBe(1_000);
    expect(await ledgerOf(seller)).toHaveLength(3);
  });

  it("answers a burst of one seller's purchases on a pool no larger than the burst, each purchase on its own transaction's connection", async () => {
    // Each purchase holds a connection while it waits for the seller's row; one that asked the pool for a second
    // connection inside its transaction waited for a pool the waiting purchases held (503 after 3 s).
    const small = await listingsApp({ DATABASE_POOL_SIZE: '3' });
    try {
      const seller = await createSignedInUser(small, { balance: 3 * PROMOTION_DEFAULT_PRICES.top3 });
      const { ids } = await brandWithListings(seller, [1, 2, 3, 4, 5, 6]);
      const answers = await burst(6, (index) => request(small.getHttpServer()).post(`/api/phone/${ids[index]}/promotions`).set('Cookie', seller.cookie).send({ product: 'top3' }));
      expect(countStatuses(answers)).toEqual({ 200: 3, 402: 3 });
      expect(await balanceOf(seller)).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('refuses a purchase the balance cannot cover with the shortfall, and charges nothing', async () => {
    const seller = await createSignedInUser(app, { balance: 4_000 });
    const { ids } = await brandWithListings(seller, [1]);
    const refused = await buy(seller, ids[0], 'lift').expect(402);
    expect(refused.body).toMatchObject({
      code: 'promotionBalanceShort',
      shortfall: PROMOTION_DEFAULT_PRICES.lift - 4_000,
      message: { uz: "Hisobingizda mablag' yetarli emas: yana 1000 so'm kerak" },
    });
    expect(await balanceOf(seller)).toBe(4_000);
    const promotions = await request(server()).get(`/api/phone/${ids[0]}/promotions`).set('Cookie', seller.cookie).expect(200);
    expect(promotions.body.promotions).toEqual([]);
  });

  it("promotes only the author's own listing on sale", async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const stranger = await createSignedInUser(app, { balance: 100_000 });
    const { ids } = await brandWithListings(seller, [1, 2]);
    expect((await buy(stranger, ids[0], 'lift').expect(404)).body.code).toBe('listingNotFound');
    await request(server()).get(`/api/phone/${ids[0]}/promotions`).set('Cookie', stranger.cookie).expect(404);
    await dataSource.query(`UPDATE listing SET status = 'noActive' WHERE id = $1`, [ids[1]]);
    expect((await buy(seller, ids[1], 'top3').expect(409)).body.code).toBe('promotionListingNotOnSale');
    expect(await balanceOf(seller)).toBe(100_000);
    expect(await balanceOf(stranger)).toBe(100_000);
  });

  it("refunds a TOP's whole days left when its listing is rejected, once, and takes it out of the feed", async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const { brand, ids } = await brandWithListings(seller, [1, 2]);
    const bought = await buy(seller, ids[1], 'top7').expect(200);
    await dataSource.query(`UPDATE listing SET status = 'cancelled' WHERE id = $1`, [ids[1]]);
    expect((await feed({ brand })).phones.map((card) => card._id)).toEqual([ids[0]]);

    await settlement.settle();
    await settlement.settle();
    // Bought a moment ago: 6 whole days of 7 were left.
    const refund = Math.floor((PROMOTION_DEFAULT_PRICES.top7 * 6) / 7);
    expect(await balanceOf(seller)).toBe(100_000 - PROMOTION_DEFAULT_PRICES.top7 + refund);
    expect((await ledgerOf(seller)).filter((entry) => entry.kind === 'promotionRefund')).toEqual([
      { kind: 'promotionRefund', amount: String(refund), reference: bought.body.promotion._id },
    ]);
    const promotions = await request(server()).get(`/api/phone/${ids[1]}/promotions`).set('Cookie', seller.cookie).expect(200);
    expect(promotions.body.promotions[0]).toMatchObject({ product: 'top7', state: 'refunded', refunded: refund });
  });

  it('asks the workers for a channel repost, and refunds it whole when the listing is sold before it is posted', async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const { ids } = await brandWithListings(seller, [1]);
    const bought = await buy(seller, ids[0], 'channelRepost').expect(200);
    const promotionId = bought.body.promotion._id as string;
    const events = await dataSource.query(`SELECT payload FROM outbox_event WHERE name = 'promotion.repost-requested' AND payload->>'promotionId' = $1`, [promotionId]);
    expect(events).toEqual([{ payload: { promotionId, listingId: ids[0] } }]);
    expect((await buy(seller, ids[0], 'channelRepost').expect(409)).body.code).toBe('promotionRepostPending');

    await dataSource.query(`UPDATE listing SET status = 'noActive', sold_at = now() WHERE id = $1`, [ids[0]]);
    await settlement.settle();
    expect(await balanceOf(seller)).toBe(100_000);
  });

  it('makes no channel post of a refunded repost, and refunds none while a channel posts it', async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const { ids } = await brandWithListings(seller, [1, 2]);
    const refunded = (await buy(seller, ids[0], 'channelRepost').expect(200)).body.promotion._id as string;
    const posted = (await buy(seller, ids[1], 'channelRepost').expect(200)).body.promotion._id as string;
    await dataSource.query(`UPDATE listing SET status = 'noActive' WHERE id = ANY($1)`, [ids]);

    expect(await settlement.refund(refunded)).toBe(true);
    const post = jest.fn(async () => 'https://t.me/telefonbozor/1');
    expect(await settlement.postRepost(refunded, post)).toBeNull();
    expect(post).not.toHaveBeenCalled();

    // The settlement runs while the channel's call is being made: it passes the repost over, and the post makes it done.
    let answer!: (link: string) => void;
    let calling!: () => void;
    const called = new Promise<void>((resolve) => (calling = resolve));
    const posting = settlement.postRepost(posted, () => {
      calling();
      return new Promise<string>((resolve) => (answer = resolve));
    });
    await called;
    expect(await settlement.refund(posted)).toBe(false);
    answer('https://t.me/telefonbozor/2');
    expect(await posting).toEqual({ posted: 'https://t.me/telefonbozor/2' });
    expect(await settlement.refund(posted)).toBe(false);
    expect(await dataSource.query(`SELECT id, state FROM promotion WHERE id = ANY($1) ORDER BY state`, [[refunded, posted]])).toEqual([
      { id: posted, state: 'done' },
      { id: refunded, state: 'refunded' },
    ]);
    expect(await balanceOf(seller)).toBe(100_000 - PROMOTION_DEFAULT_PRICES.channelRepost);
  });

  // Its channel jobs stalled or failed before they reached a channel: no channel took it, none refused it.
  it('refunds a channel repost no channel posted a day after it was bought, once, as failed', async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const { ids } = await brandWithListings(seller, [1, 2]);
    const stuck = (await buy(seller, ids[0], 'channelRepost').expect(200)).body.promotion._id as string;
    const recent = (await buy(seller, ids[1], 'channelRepost').expect(200)).body.promotion._id as string;
    await dataSource.query(`UPDATE promotion SET starts_at = now() - interval '25 hours' WHERE id = $1`, [stuck]);

    await Promise.all([settlement.settle(), settlement.settle()]);
    expect(await balanceOf(seller)).toBe(100_000 - PROMOTION_DEFAULT_PRICES.channelRepost);
    expect((await ledgerOf(seller)).filter((entry) => entry.kind === 'promotionRefund')).toEqual([
      { kind: 'promotionRefund', amount: String(PROMOTION_DEFAULT_PRICES.channelRepost), reference: stuck },
    ]);
    const states = await dataSource.query(`SELECT id, state FROM promotion WHERE id = ANY($1) ORDER BY state`, [[stuck, recent]]);
    expect(states).toEqual([
      { id: stuck, state: 'failed' },
      { id: recent, state: 'running' },
    ]);
  });

  it("shows the seller a TOP's end and the views and contact reveals before and since it was bought", async () => {
    const seller = await createSignedInUser(app, { balance: 100_000 });
    const { ids } = await brandWithListings(seller, [1]);
    await dataSource.query(`INSERT INTO listing_counter (listing_id, views, contact_reveals) VALUES ($1, 7, 2)`, [ids[0]]);
    await buy(seller, ids[0], 'top3').expect(200);
    await dataSource.query(`UPDATE listing_counter SET views = views + 5, contact_reveals = contact_reveals + 1 WHERE listing_id = $1`, [ids[0]]);
    const { body } = await request(server()).get(`/api/phone/${ids[0]}/promotions`).set('Cookie', seller.cookie).expect(200);
    expect(body.promotions).toEqual([
      expect.objectContaining({
        product: 'top3',
        state: 'running',
        price: PROMOTION_DEFAULT_PRICES.top3,
        before: { views: 7, contactReveals: 2 },
        during: { views: 5, contactReveals: 1 },
      }),
    ]);
    const { startsAt, endsAt } = body.promotions[0] as { startsAt: string; endsAt: string };
    expect(Date.parse(endsAt) - Date.parse(startsAt)).toBe(3 * 24 * 60 * 60 * 1000);
  });
});
