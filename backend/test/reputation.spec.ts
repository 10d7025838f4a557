import type { Deal } from '@market/contracts';
import { SellerRatingsService } from '../src/reputation/seller-ratings.service';
import { REPUTATION_RATE_LIMITS } from '../src/reputation/reputation.limits';
import { burst, countStatuses } from '../../test/support/burst';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { listingsAppForThisFile, testBrand } from './listings-support';

/** Addresses of this file's visitors: 198.51.100.x (TEST-NET-2). */
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

describe('reputation earned in real deals (issue 38)', () => {
  const site = listingsAppForThisFile();
  const { http } = site;
  let admin: TestUser;

  beforeAll(async () => {
    admin = await createSignedInUser(site.app, { role: 'admin' });
  });

  /** A person whose account is `days` old: accounts registered within minutes of each other are linked. */
  async function person(name: string, days: number): Promise<TestUser> {
    const user = await createSignedInUser(site.app, { name });
    await site.dataSource.query(`UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [user.id, days]);
    return user;
  }
  let age = 100;
  /** A seller and a buyer registered months apart. */
  const pair = async () => ({ seller: await person('Sardor', (age += 37)), buyer: await person('Bobur', (age += 41)) });

  /** A listing of `seller` the buyer wrote about and the seller answered. */
  async function talkedAbout(seller: TestUser, buyer: TestUser, listingId?: string): Promise<string> {
    const id = listingId ?? (await insertListing(site.dataSource, { authorId: seller.id, status: 'active', name: 'Deal phone' }));
    const { body } = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId: id, text: 'Telefon sotuvdami?' }).expect(201);
    await http().post(`/api/conversations/${body.id}/messages`).set('Cookie', seller.cookie).send({ text: 'Ha, sotuvda' }).expect(201);
    return id;
  }
  const markSold = (seller: TestUser, listingId: string, body: object, address = freshAddress()) =>
    http().post(`/api/phone/${listingId}/sold`).set('Cookie', seller.cookie).set('X-Forwarded-For', address).send(body);
  const dealsOf = async (user: TestUser) => (await http().get('/api/deals').set('Cookie', user.cookie).expect(200)).body.deals as Deal[];
  const confirm = (buyer: TestUser, dealId: string, body: object = { bought: true }, address = freshAddress()) =>
    http().post(`/api/deals/${dealId}/confirm`).set('Cookie', buyer.cookie).set('X-Forwarded-For', address).send(body);
  const review = (user: TestUser, dealId: string, body: object) => http().post(`/api/deals/${dealId}/review`).set('Cookie', user.cookie).send(body);
  const signals = async (id: string) => (await http().get(`/api/sellers/${id}`).expect(200)).body;
  const publicReviews = async (id: string) => (await http().get(`/api/sellers/${id}/reviews?page=1`).expect(200)).body;

  /** A confirmed deal between the two, from separate addresses. */
  async function confirmedDeal(seller: TestUser, buyer: TestUser, listingId?: string): Promise<string> {
    const listing = await talkedAbout(seller, buyer, listingId);
    await markSold(seller, listing, { buyerId: buyer.id }).expect(200);
    const deal = (await dealsOf(buyer)).find((one) => one.listing._id === listing)!;
    await confirm(buyer, deal.id).expect(200);
    return deal.id as string;
  }

  describe('a deal', () => {
    it('offers the people who wrote and got an answer as buyers; the sale names one, who confirms it', async () => {
      const { seller, buyer } = await pair();
      const silent = await person('Jasur', (age += 50));
      const listing = await talkedAbout(seller, buyer);
      // Wrote, never answered: not a deal.
      await http().post('/api/conversations').set('Cookie', silent.cookie).send({ listingId: listing, text: 'Salom' }).expect(201);

      const candidates = await http().get(`/api/deals/candidates/${listing}`).set('Cookie', seller.cookie).expect(200);
      expect(candidates.body.buyers).toEqual([{ id: buyer.id, name: 'Bobur', image: null }]);
      await http().get(`/api/deals/candidates/${listing}`).set('Cookie', buyer.cookie).expect(404);

      await markSold(seller, listing, { buyerId: buyer.id, price: 6_000_000 }).expect(200);
      const [sellers] = await dealsOf(seller);
      expect(sellers).toMatchObject({ role: 'seller', status: 'awaiting', listing: { _id: listing, name: 'Deal phone' }, other: { id: buyer.id, name: 'Bobur' }, price: 6_000_000 });
      const [buyers] = await dealsOf(buyer);
      expect(buyers).toMatchObject({ id: sellers.id, role: 'buyer', status: 'awaiting', other: { id: seller.id, name: 'Sardor' }, reviewUntil: null });

      const confirmed = await confirm(buyer, buyers.id).expect(200);
      expect(confirmed.body).toMatchObject({ status: 'confirmed', flagged: false });
      expect(Date.parse(confirmed.body.reviewUntil) - Date.now()).toBeGreaterThan(29 * 86_400_000);
      await confirm(buyer, buyers.id).expect(409);
      await confirm(seller, buyers.id).expect(404);
      expect((await signals(seller.id)).soldCount).toBe(1);
    });

    it('neither offers nor takes as the buyer a person the seller and they blocked between them: the deal would reach them', async () => {
      const { seller, buyer } = await pair();
      const listing = await talkedAbout(seller, buyer);
      const [{ id: conversation }] = await site.dataSource.query(`SELECT id FROM conversation WHERE listing_id = $1 AND buyer_id = $2`, [listing, buyer.id]);
      await http().post(`/api/conversations/${conversation}/block`).set('Cookie', buyer.cookie).expect(200);

      expect((await http().get(`/api/deals/candidates/${listing}`).set('Cookie', seller.cookie).expect(200)).body.buyers).toEqual([]);
      const refused = await markSold(seller, listing, { buyerId: buyer.id }).expect(400);
      expect(refused.body.fields).toEqual({ buyerId: 'dealBuyerNotInConversation' });
      expect(await dealsOf(buyer)).toEqual([]);
    });

    it('refuses a buyer who did not exchange messages about the listing, and the listing stays on sale', async () => {
      const { seller, buyer } = await pair();
      const listing = await insertListing(site.dataSource, { authorId: seller.id, status: 'active' });
      const refused = await markSold(seller, listing, { buyerId: buyer.id }).expect(400);
      expect(refused.body.fields).toEqual({ buyerId: 'dealBuyerNotInConversation' });
      const [{ status }] = await site.dataSource.query(`SELECT status FROM listing WHERE id = $1`, [listing]);
      expect(status).toBe('active');
      expect(await dealsOf(seller)).toEqual([]);
    });

    it('records no deal for a phone sold elsewhere, and a declined deal allows no review', async () => {
      const { seller, buyer } = await pair();
      await markSold(seller, await talkedAbout(seller, buyer), {}).expect(200);
      expect(await dealsOf(buyer)).toEqual([]);

      await markSold(seller, await talkedAbout(seller, buyer), { buyerId: buyer.id }).expect(200);
      const [deal] = await dealsOf(buyer);
      expect((await confirm(buyer, deal.id, { bought: false }).expect(200)).body.status).toBe('declined');
      await review(buyer, deal.id, { stars: 5 }).expect(403);
      expect((await signals(seller.id)).soldCount).toBe(0);
    });
  });

  describe('reviews both ways', () => {
    it('keeps each review hidden until both wrote, then shows both together; one per side', async () => {
      const { seller, buyer } = await pair();
      const dealId = await confirmedDeal(seller, buyer);

      const written = await review(buyer, dealId, { stars: 5, text: 'Telefon aytilganidek', tags: ['asDescribed', 'polite'] }).expect(201);
      expect(written.body).toMatchObject({ myReview: { stars: 5, authorRole: 'buyer' }, theirReview: null });
      const sellerSees = (await dealsOf(seller))[0];
      expect(sellerSees).toMatchObject({ theirReview: null, theirReviewWaiting: true });
      expect((await publicReviews(seller.id)).reviews).toEqual([]);

      await review(seller, dealId, { stars: 4, tags: ['onTime'] }).expect(201);
      const [buyers] = await dealsOf(buyer);
      expect(buyers.theirReview).toMatchObject({ stars: 4, tags: ['onTime'], authorRole: 'seller', author: { id: seller.id } });
      expect((await dealsOf(seller))[0].theirReview).toMatchObject({ stars: 5, text: 'Telefon aytilganidek', tags: ['asDescribed', 'polite'] });
      expect((await publicReviews(seller.id)).reviews).toMatchObject([{ stars: 5, author: { id: buyer.id, name: 'Bobur' }, listingName: 'Deal phone' }]);
      expect((await publicReviews(buyer.id)).reviews).toMatchObject([{ stars: 4 }]);

      // Once written, never again: no second review, so nothing to edit.
      await review(buyer, dealId, { stars: 1, text: 'Boshqacha fikr' }).expect(409);
      expect((await publicReviews(seller.id)).reviews).toMatchObject([{ stars: 5 }]);
    });

    it('shows a lone review after 14 days', async () => {
      const { seller, buyer } = await pair();
      const dealId = await confirmedDeal(seller, buyer);
      await review(buyer, dealId, { stars: 3 }).expect(201);
      await site.dataSource.query(`UPDATE review SET shown_at = now() - interval '1 minute' WHERE deal_id = $1`, [dealId]);
      expect((await publicReviews(seller.id)).reviews).toEqual([]);
      await site.app.get(SellerRatingsService).refreshDue();
      expect((await publicReviews(seller.id)).reviews).toMatchObject([{ stars: 3 }]);
      expect((await dealsOf(seller))[0].theirReview).toMatchObject({ stars: 3 });
    });

    it('refuses a review without a deal, by a stranger to it, or after 30 days', async () => {
      const { seller, buyer } = await pair();
      const stranger = await person('Begona', (age += 60));
      await review(buyer, '5f0c7a3e-8a56-4a52-9a3c-1a1e2f0b9c11', { stars: 5 }).expect(403);
      const dealId = await confirmedDeal(seller, buyer);
      await review(stranger, dealId, { stars: 1 }).expect(403);
      await site.dataSource.query(`UPDATE deal SET confirmed_at = now() - interval '31 days' WHERE id = $1`, [dealId]);
      const late = await review(buyer, dealId, { stars: 5 }).expect(403);
      expect(late.body.code).toBe('reviewNotAllowed');
    });

    it("applies the trust checks' text rules: contacts refused, a card number masked", async () => {
      const { seller, buyer } = await pair();
      const dealId = await confirmedDeal(seller, buyer);
      const contacts = await review(buyer, dealId, { stars: 5, text: 'Yozing @sardor_phones ga' }).expect(400);
      expect(contacts.body.fields).toEqual({ text: 'reviewTextContacts' });
      const tooLong = await review(buyer, dealId, { stars: 5, text: 'a'.repeat(501) }).expect(400);
      expect(tooLong.body.fields).toEqual({ text: 'reviewTextTooLong' });
      await review(buyer, dealId, { stars: 0 }).expect(400);
      await review(buyer, dealId, { stars: 5, text: 'Pulni 8600 1234 5678 9012 ga tashladim, hammasi joyida' }).expect(201);
      const [mine] = await dealsOf(buyer);
      expect(mine.myReview?.text).toBe('Pulni **** **** **** 9012 ga tashladim, hammasi joyida');
    });

    it('refuses a review asking for prepayment, and takes one praising a seller who asked none', async () => {
      const { seller, buyer } = await pair();
      const dealId = await confirmedDeal(seller, buyer);
      const asking = await review(seller, dealId, { stars: 5, text: 'Keyingi safar yarmini kartaga tashlang' }).expect(400);
      expect(asking.body.fields).toEqual({ text: 'reviewTextPrepayment' });
      await review(buyer, dealId, { stars: 5, text: 'Oldindan pul so‘ramadi, telefonni ko‘rib kartaga o‘tkazdim' }).expect(201);
      await review(seller, dealId, { stars: 5, text: 'Деньги на карту перевел после проверки телефона, всё честно' }).expect(201);
    });

    it('lets the reviewed person reply once to a shown review, and nobody else', async () => {
      const { seller, buyer } = await pair();
      const dealId = await confirmedDeal(seller, buyer);
      await review(buyer, dealId, { stars: 2, tags: ['late'] }).expect(201);
      const reviewId = (await dealsOf(buyer))[0].myReview!.id;
      // Still hidden: no reply yet.
      await http().post(`/api/reviews/${reviewId}/reply`).set('Cookie', seller.cookie).send({ text: 'Kechirasiz' }).expect(403);
      await review(seller, dealId, { stars: 5 }).expect(201);
      await http().post(`/api/reviews/${reviewId}/reply`).set('Cookie', buyer.cookie).send({ text: 'Men yozganman' }).expect(403);
      const replied = await http().post(`/api/reviews/${reviewId}/reply`).set('Cookie', seller.cookie).send({ text: 'Kechirasiz, tirbandlik edi' }).expect(200);
      expect(replied.body.reply).toMatchObject({ text: 'Kechirasiz, tirbandlik edi' });
      await http().post(`/api/reviews/${reviewId}/reply`).set('Cookie', seller.cookie).send({ text: 'Yana' }).expect(403);
      expect((await publicReviews(seller.id)).reviews[0].reply.text).toBe('Kechirasiz, tirbandlik edi');
    });

    it('takes reports from anyone signed in; a moderator removes the review with the reason both sides see', async () => {
      const { seller, buyer } = await pair();
      const reader = await person('Oquvchi', (age += 70));
      const dealId = await confirmedDeal(seller, buyer);
      await review(buyer, dealId, { stars: 1, text: 'Yomon odam' }).expect(201);
      await review(seller, dealId, { stars: 5 }).expect(201);
      const reviewId = (await dealsOf(buyer))[0].myReview!.id;

      await http().post(`/api/reviews/${reviewId}/report`).send({ reason: 'insult' }).expect(401);
      await http().post(`/api/reviews/${reviewId}/report`).set('Cookie', reader.cookie).send({ reason: 'insult' }).expect(200);
      await http().post(`/api/reviews/${reviewId}/report`).set('Cookie', reader.cookie).send({ reason: 'other' }).expect(400);
      const queue = await http().get('/api/moderation/reputation').set('Cookie', admin.cookie).expect(200);
      expect(queue.body.reviews.find((one: { id: string }) => one.id === reviewId)).toMatchObject({ reports: [{ reason: 'insult', text: null }] });
      await http().get('/api/moderation/reputation').set('Cookie', reader.cookie).expect(403);

      await http().post(`/api/moderation/reviews/${reviewId}/remove`).set('Cookie', admin.cookie).send({ reason: 'Haqorat qilingan' }).expect(200);
      expect((await dealsOf(buyer))[0].myReview).toMatchObject({ removedReason: 'Haqorat qilingan' });
      expect((await dealsOf(seller))[0].theirReview).toMatchObject({ removedReason: 'Haqorat qilingan' });
      expect((await publicReviews(seller.id)).reviews).toEqual([]);
    });
  });

  describe('linked accounts', () => {
    it('holds a deal between accounts at one address for the moderators; its reviews count once cleared', async () => {
      const { seller, buyer } = await pair();
      const listing = await talkedAbout(seller, buyer);
      await markSold(seller, listing, { buyerId: buyer.id }, '203.0.113.201').expect(200);
      const [deal] = await dealsOf(buyer);
      expect((await confirm(buyer, deal.id, { bought: true }, '203.0.113.201').expect(200)).body).toMatchObject({ flagged: true });
      await review(buyer, deal.id, { stars: 5 }).expect(201);
      await review(seller, deal.id, { stars: 5 }).expect(201);
      expect((await publicReviews(seller.id)).reviews).toEqual([]);
      expect((await signals(seller.id)).soldCount).toBe(0);

      const queue = await http().get('/api/moderation/reputation').set('Cookie', admin.cookie).expect(200);
      expect(queue.body.deals.find((one: { id: string }) => one.id === deal.id)).toMatchObject({ flags: ['sharedAddress'], sellerId: seller.id });
      await http().post(`/api/moderation/deals/${deal.id}/clear`).set('Cookie', admin.cookie).expect(200);
      expect((await publicReviews(seller.id)).reviews).toHaveLength(1);
      expect((await signals(seller.id)).soldCount).toBe(1);
    });

    it('links accounts that met at one address in an earlier deal, and accounts registered together', async () => {
      const { seller, buyer } = await pair();
      const first = await talkedAbout(seller, buyer);
      await markSold(seller, first, { buyerId: buyer.id }, '203.0.113.202').expect(200);
      await confirm(buyer, (await dealsOf(buyer))[0].id, { bought: false }, '203.0.113.203').expect(200);
      // The seller now sells from the address the buyer answered from before.
      const second = await talkedAbout(seller, buyer);
      await markSold(seller, second, { buyerId: buyer.id }, '203.0.113.203').expect(200);
      const again = (await dealsOf(buyer)).find((one) => one.listing._id === second)!;
      expect((await confirm(buyer, again.id, { bought: true }, '203.0.113.204').expect(200)).body.flagged).toBe(true);

      const twinSeller = await person('Egizak', 5);
      const twinBuyer = await createSignedInUser(site.app, { name: 'Egizak 2' });
      await site.dataSource.query(`UPDATE users SET created_at = now() - interval '5 days' + interval '3 minutes' WHERE id = $1`, [twinBuyer.id]);
      const twins = await confirmedDeal(twinSeller, twinBuyer);
      const queue = await http().get('/api/moderation/reputation').set('Cookie', admin.cookie).expect(200);
      expect(queue.body.deals.find((one: { id: string }) => one.id === twins)).toMatchObject({ flags: ['registeredTogether'] });
    });
  });

  describe('seller signals', () => {
    it('shows the rating from 3 reviews on, the phones sold, the replies, and filters the feed to good sellers', async () => {
      const seller = await person('Yaxshi sotuvchi', (age += 90));
      // Super 4x, and so the newest first of the feed: other files' Super 4x listings share this database.
      const onSale = await insertListing(site.dataSource, { authorId: seller.id, status: 'active', name: 'Good seller phone', tarif: 1 });
      const other = await person('Boshqa', (age += 33));
      const othersListing = await insertListing(site.dataSource, { authorId: other.id, status: 'active', name: 'Other phone', tarif: 1 });
      for (const [index, stars] of [5, 5, 4].entries()) {
        const buyer = await person(`Xaridor ${index}`, (age += 29));
        const dealId = await confirmedDeal(seller, buyer);
        await review(buyer, dealId, { stars }).expect(201);
        if (index < 2) {
          await review(seller, dealId, { stars: 5 }).expect(201);
          expect((await signals(seller.id)).rating).toBeNull();
        }
      }
      // The third review waits for the seller's, then shows.
      expect((await signals(seller.id)).rating).toBeNull();
      const [third] = await dealsOf(seller);
      await review(seller, third.id, { stars: 5 }).expect(201);

      const shown = await signals(seller.id);
      expect(shown).toMatchObject({ rating: { average: 4.67, count: 3 }, soldCount: 3, replyRate: 100, phoneConfirmed: true });
      expect(shown.replyMinutes).toBe(0);
      expect(shown.latestReviews.map((one: { stars: number }) => one.stars).sort()).toEqual([4, 5, 5]);

      const feed = async (query: string) =>
        ((await http().get(`/api/phone?${query}`).expect(200)).body.phones as Array<{ _id: string }>).map((phone) => phone._id);
      const good = await feed('page=1&goodSellers=true');
      expect(good).toContain(onSale);
      expect(good).not.toContain(othersListing);
      expect(await feed('page=1')).toEqual(expect.arrayContaining([onSale, othersListing]));
    });

    it('answers 404 for an unknown seller', async () => {
      await http().get('/api/sellers/5f0c7a3e-8a56-4a52-9a3c-1a1e2f0b9c11').expect(404);
      await http().get('/api/sellers/nobody/reviews').expect(404);
    });
  });

  it('counts a confirmed sale twice in the price guide', async () => {
    const { phone: device } = await testBrand(site.app, 'Bitim');
    const { seller, buyer } = await pair();
    const listingAt = async (price: number) => {
      const [{ id }] = await site.dataSource.query(
        `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description, phone_number, status, storage, condition)
         VALUES ($1, $2, $3, $4, $5, 'uzs', $5, 'toshkent', 'Yaxshi', '998901112233', 'active', '128GB', false) RETURNING id`,
        [seller.id, device.id, device.categoryId, device.name, price],
      );
      return id as string;
    };
    for (const price of [1_000_000, 1_000_000, 1_000_000]) await listingAt(price);
    await markSold(seller, await listingAt(3_000_000), {}).expect(200);
    await confirmedDeal(seller, buyer, await listingAt(2_000_000));
    const guide = (await http().get(`/api/phone/price-guide?device=${device.id}`).expect(200)).body;
    // 1, 1, 1, 2, 2, 3 million: the confirmed 2 million counted twice.
    expect(guide).toMatchObject({ count: 6, median: 1_500_000, source: 'listings' });
  });

  describe('limits under a burst', () => {
    it('writes one review per side of a deal when a burst sends many', async () => {
      const { seller, buyer } = await pair();
      const dealId = await confirmedDeal(seller, buyer);
      const answers = await burst(8, (index) => review(buyer, dealId, { stars: 1 + (index % 5) }));
      expect(countStatuses(answers)).toEqual({ 201: 1, 409: 7 });
      const [{ count }] = await site.dataSource.query(`SELECT count(*)::int AS count FROM review WHERE deal_id = $1`, [dealId]);
      expect(count).toBe(1);
    });

    /** Confirmed deals written straight into the database, each with its buyer's shown review of `seller` (a new seller each when absent). */
    async function shownReviews(count: number, seller?: TestUser): Promise<string[]> {
      const ids: string[] = [];
      for (let index = 0; index < count; index++) {
        const sellerId = seller?.id ?? (await person(`Sotuvchi ${index}`, (age += 20))).id;
        const buyer = await person(`Xaridor ${index}`, (age += 20));
        const listing = await insertListing(site.dataSource, { authorId: sellerId, status: 'noActive' });
        const [{ id: dealId }] = await site.dataSource.query(
          `INSERT INTO deal (listing_id, seller_id, buyer_id, price_uzs, seller_address, buyer_address, status, counts, confirmed_at)
           VALUES ($1, $2, $3, 6500000, $4, $5, 'confirmed', true, now()) RETURNING id`,
          [listing, sellerId, buyer.id, freshAddress(), freshAddress()],
        );
        const [{ id }] = await site.dataSource.query(
          `INSERT INTO review (deal_id, author_id, subject_id, stars, shown_at) VALUES ($1, $2, $3, 4, now()) RETURNING id`,
          [dealId, buyer.id, sellerId],
        );
        ids.push(id);
      }
      return ids;
    }

    it(`takes at most ${REPUTATION_RATE_LIMITS.reports.points} reports an hour per account`, async () => {
      const reporter = await person('Shikoyatchi', (age += 20));
      const reviewIds = await shownReviews(13);
      const answers = await burst(13, (index) => http().post(`/api/reviews/${reviewIds[index]}/report`).set('Cookie', reporter.cookie).send({ reason: 'falseStatement' }));
      expect(countStatuses(answers)).toEqual({ 200: 10, 429: 3 });
      const [{ count }] = await site.dataSource.query(`SELECT count(*)::int AS count FROM review_report WHERE reporter_id = $1`, [reporter.id]);
      expect(count).toBe(10);
    });

    it(`takes at most ${REPUTATION_RATE_LIMITS.replies.points} replies an hour per account`, async () => {
      const seller = await person('Javobchi', (age += 20));
      const reviewIds = await shownReviews(12, seller);
      const answers = await burst(12, (index) => http().post(`/api/reviews/${reviewIds[index]}/reply`).set('Cookie', seller.cookie).send({ text: `Rahmat ${index}` }));
      expect(countStatuses(answers)).toEqual({ 200: 10, 429: 2 });
      const [{ count }] = await site.dataSource.query(`SELECT count(*)::int AS count FROM review WHERE subject_id = $1 AND reply_text IS NOT NULL`, [seller.id]);
      expect(count).toBe(10);
    });

    it(`writes at most ${REPUTATION_RATE_LIMITS.reviews.points} reviews an hour per account`, async () => {
      const buyer = await person('Kop yozuvchi', (age += 20));
      const deals: string[] = [];
      for (let index = 0; index < 12; index++) {
        const seller = await person(`Sotuvchi ${index}`, (age += 20));
        const listing = await insertListing(site.dataSource, { authorId: seller.id, status: 'noActive' });
        const [{ id }] = await site.dataSource.query(
          `INSERT INTO deal (listing_id, seller_id, buyer_id, price_uzs, seller_address, buyer_address, status, counts, confirmed_at)
           VALUES ($1, $2, $3, 6500000, $4, $5, 'confirmed', true, now()) RETURNING id`,
          [listing, seller.id, buyer.id, freshAddress(), freshAddress()],
        );
        deals.push(id);
      }
      const answers = await burst(12, (index) => review(buyer, deals[index], { stars: 5 }));
      expect(countStatuses(answers)).toEqual({ 201: 10, 429: 2 });
    });
  });
});
