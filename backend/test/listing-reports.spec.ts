import type { INestApplication } from '@nestjs/common';
import { ESTABLISHED_REPORTER_WEIGHT, LANGUAGES, LIMITS, MESSAGES, REPORTS_TO_HIDE, type MessageKey } from '@market/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { burst, countStatuses } from '../../test/support/burst';
import { ownTestDatabase } from '../../test/support/database';
import { insertListing } from '../../test/support/listings';
import { listingsApp, signedInUser, testBrand, uploadPhotos, wizardPayload } from './listings-support';

/** Phone numbers of this file: 99877190xxxx. */
const phone = (n: number) => `99877190${String(n).padStart(4, '0')}`;

describe('buyers report listings (issue 22)', () => {
  let app: INestApplication;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let seller: { id: string; cookie: string };
  let admin: { id: string; cookie: string };
  const buyers: { id: string; cookie: string }[] = [];
  /** Each buyer reports from an address of their own, unless told otherwise. */
  const report = (listingId: string, cookie: string, body: object, address = `203.0.113.${buyers.findIndex((buyer) => buyer.cookie === cookie) + 1}`) =>
    request(app.getHttpServer()).post(`/api/phone/${listingId}/report`).set('Cookie', cookie).set('X-Forwarded-For', address).send(body);
  /** Whether buyers can open the listing (the feed shows the same listings: both read ON_SALE). */
  const onTheSite = async (listingId: string) => (await request(app.getHttpServer()).get(`/api/phone/${listingId}`)).status === 200;
  const queueCard = async (listingId: string, status: string) =>
    (await request(app.getHttpServer()).get(`/api/phone/waiting?status=${status}`).set('Cookie', admin.cookie).expect(200)).body.phones.find(
      (card: { _id: string }) => card._id === listingId,
    );

  beforeAll(async () => {
    // A database of its own: the admin queue is paged, and other files' listings would push these off its first page.
    database = await ownTestDatabase('reports');
    app = await listingsApp({ DATABASE_URL: database.url });
    seller = await signedInUser(app, phone(1));
    admin = await signedInUser(app, phone(2), 'admin');
    for (let n = 0; n < 15; n++) buyers.push(await signedInUser(app, phone(10 + n)));
    // Established buyers: accounts of two months and more, created days apart.
    for (const [n, buyer] of buyers.entries()) {
      await app.get(DataSource).query(`UPDATE users SET created_at = now() - make_interval(days => 60 + $2) WHERE id = $1`, [buyer.id, n]);
    }
  });
  /** Accounts made `minutesAgo` for the purpose, `minutesApart` apart. */
  async function newAccounts(count: number, first: number, minutesAgo = 5, minutesApart = 1): Promise<{ id: string; cookie: string }[]> {
    const accounts = [];
    for (let n = 0; n < count; n++) {
      const account = await signedInUser(app, phone(first + n));
      await app.get(DataSource).query(`UPDATE users SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [account.id, minutesAgo + n * minutesApart]);
      accounts.push(account);
    }
    return accounts;
  }
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const onSale = (authorId = seller.id) => insertListing(app.get(DataSource), { authorId, status: 'active' });
  const confirm = (listingId: string) =>
    request(app.getHttpServer()).post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
  const reject = (listingId: string) =>
    request(app.getHttpServer()).post('/api/phone/reject').set('Cookie', admin.cookie).send({ id: listingId, reason: 'fraud' }).expect(200);
  const outcomes = (listingId: string) => app.get(DataSource).query(`SELECT DISTINCT outcome FROM listing_report WHERE listing_id = $1`, [listingId]);
  const weightOf = async (listingId: string, reporterId: string) =>
    (await app.get(DataSource).query(`SELECT weight FROM listing_report WHERE listing_id = $1 AND reporter_id = $2`, [listingId, reporterId]))[0].weight;

  it('takes a report from a signed-in buyer, and shows it to admins on the listing\'s card', async () => {
    const listingId = await onSale();
    const answer = await report(listingId, buyers[0].cookie, { reason: 'fraud', text: 'Oldindan pul so\'radi' }).expect(200);
    expect(answer.body).toEqual({ status: 'active', message: expect.objectContaining({ uz: "Shikoyatingiz qabul qilindi. Adminlar e'lonni tekshiradi" }) });
    expect(await onTheSite(listingId)).toBe(true);
    expect((await queueCard(listingId, 'active')).reports).toEqual([{ reason: 'fraud', text: "Oldindan pul so'radi", createdAt: expect.any(String) }]);
  });

  it('refuses a visitor who is not signed in, the seller, a second report and a report without its reason, changing nothing', async () => {
    const listingId = await onSale();
    await request(app.getHttpServer()).post(`/api/phone/${listingId}/report`).send({ reason: 'spam' }).expect(401);
    const own = await report(listingId, seller.cookie, { reason: 'spam' }).expect(400);
    expect(own.body.message.ru).toBe('Нельзя пожаловаться на своё объявление');
    await report(listingId, buyers[0].cookie, { reason: 'spam' }).expect(200);
    const again = await report(listingId, buyers[0].cookie, { reason: 'fraud' }).expect(409);
    expect(again.body.message.en).toBe('You have already reported this listing');
    await report(listingId, buyers[1].cookie, { reason: 'other' }).expect(400);
    await report(listingId, buyers[1].cookie, { reason: 'scam' }).expect(400);
    // 500 characters are taken; the 501st is refused with a message that names 500 (it said 200, the description's bound).
    const long = await report(listingId, buyers[1].cookie, { reason: 'other', text: 'x'.repeat(LIMITS.reportTextMax + 1) }).expect(400);
    const fieldError = MESSAGES[long.body.fields.text as MessageKey];
    for (const language of LANGUAGES) expect(fieldError[language]).toContain(`${LIMITS.reportTextMax}`);
    expect((await queueCard(listingId, 'active')).reports.map((open: { reason: string }) => open.reason)).toEqual(['spam']);
  });

  it('answers 404 for a listing buyers cannot see', async () => {
    const waiting = await insertListing(app.get(DataSource), { authorId: seller.id, status: 'waiting' });
    await report(waiting, buyers[0].cookie, { reason: 'spam' }).expect(404);
    await report('00000000-0000-4000-8000-000000000000', buyers[0].cookie, { reason: 'spam' }).expect(404);
    await report('not-an-id', buyers[0].cookie, { reason: 'spam' }).expect(404);
  });

  it(`hides a listing reported by ${REPORTS_TO_HIDE} independent established buyers until an admin decides; approval starts the count afresh`, async () => {
    const listingId = await onSale();
    for (const buyer of buyers.slice(0, REPORTS_TO_HIDE - 1)) await report(listingId, buyer.cookie, { reason: 'fraud' }).expect(200);
    expect(await onTheSite(listingId)).toBe(true);

    const last = await report(listingId, buyers[REPORTS_TO_HIDE - 1].cookie, { reason: 'wrongInfo' }).expect(200);
    expect(last.body.status).toBe('waiting');
    expect(await onTheSite(listingId)).toBe(false);
    expect((await queueCard(listingId, 'waiting')).reports).toHaveLength(REPORTS_TO_HIDE);

    await request(app.getHttpServer()).post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
    expect(await onTheSite(listingId)).toBe(true);
    expect((await queueCard(listingId, 'active')).reports).toEqual([]);
    // Reports decided on no longer count: two new ones leave the listing on sale.
    for (const buyer of buyers.slice(REPORTS_TO_HIDE, REPORTS_TO_HIDE + 2)) await report(listingId, buyer.cookie, { reason: 'spam' }).expect(200);
    expect(await onTheSite(listingId)).toBe(true);
  });

  it('decides the open reports when an admin rejects the listing', async () => {
    const listingId = await onSale();
    await report(listingId, buyers[0].cookie, { reason: 'duplicate' }).expect(200);
    await request(app.getHttpServer()).post('/api/phone/reject').set('Cookie', admin.cookie).send({ id: listingId, reason: 'duplicate' }).expect(200);
    expect((await queueCard(listingId, 'cancelled')).reports).toEqual([]);
  });

  it('lets no three accounts a few minutes old take a listing off the site (issue 35)', async () => {
    const listingId = await onSale();
    for (const [n, account] of (await newAccounts(5, 40)).entries()) await report(listingId, account.cookie, { reason: 'fraud' }, `198.51.100.${n + 1}`).expect(200);
    expect(await onTheSite(listingId)).toBe(true);
  });

  it('counts once the established reporters from one address, and accounts created together (issue 35)', async () => {
    const oneAddress = await onSale();
    for (const buyer of buyers.slice(4, 8)) await report(oneAddress, buyer.cookie, { reason: 'fraud' }, '198.51.100.77').expect(200);
    expect(await onTheSite(oneAddress)).toBe(true);

    // Three old accounts created within minutes of each other, on three addresses.
    const together = await newAccounts(3, 50, 90 * 24 * 60);
    const createdTogether = await onSale();
    for (const [n, account] of together.entries()) await report(createdTogether, account.cookie, { reason: 'fraud' }, `198.51.100.${90 + n}`).expect(200);
    expect(await onTheSite(createdTogether)).toBe(true);
  });

  it('dismisses the reports of a listing a moderator restores, and their reporters weigh less after it (issue 35)', async () => {
    const listingId = await onSale();
    const reporters = buyers.slice(8, 11);
    for (const buyer of reporters) await report(listingId, buyer.cookie, { reason: 'fraud' }).expect(200);
    expect(await onTheSite(listingId)).toBe(false);
    await request(app.getHttpServer()).post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: listingId }).expect(200);
    expect(await onTheSite(listingId)).toBe(true);
    const outcomes = await app.get(DataSource).query(`SELECT DISTINCT outcome FROM listing_report WHERE listing_id = $1`, [listingId]);
    expect(outcomes).toEqual([{ outcome: 'dismissed' }]);

    // The same three, no longer established, cannot hide the next listing.
    const next = await onSale();
    for (const buyer of reporters) await report(next, buyer.cookie, { reason: 'fraud' }).expect(200);
    expect(await onTheSite(next)).toBe(true);
  });

  it('keeps the open reports of a listing whose edit a moderator approves: they still count toward hiding it (issue 35)', async () => {
    const brand = await testBrand(app, 'Shikoyat');
    const payload = wizardPayload(brand.phone, await uploadPhotos(app, seller.cookie, 1));
    const listingId: string = (await request(app.getHttpServer()).post('/api/phone').set('Cookie', seller.cookie).send(payload).expect(201)).body._id;
    await confirm(listingId);
    const reporters = buyers.slice(12, 12 + REPORTS_TO_HIDE);
    for (const buyer of reporters.slice(0, -1)) await report(listingId, buyer.cookie, { reason: 'fraud' }).expect(200);

    // A new contact name is looked at again: the moderator reviews the edit with the reports on its card.
    const edited = request(app.getHttpServer()).put(`/api/phone/${listingId}`).set('Cookie', seller.cookie);
    expect((await edited.send({ ...payload, authorName: 'Boshqa odam' }).expect(200)).body.status).toBe('waiting');
    expect((await queueCard(listingId, 'waiting')).reports).toHaveLength(REPORTS_TO_HIDE - 1);
    await confirm(listingId);

    // Approving the edit answered none of them: still open and on the card, their reporters unpenalised, one more takes it down.
    expect(await onTheSite(listingId)).toBe(true);
    expect((await queueCard(listingId, 'active')).reports).toHaveLength(REPORTS_TO_HIDE - 1);
    expect(await outcomes(listingId)).toEqual([{ outcome: null }]);
    await report(listingId, reporters[REPORTS_TO_HIDE - 1].cookie, { reason: 'fraud' }).expect(200);
    expect(await onTheSite(listingId)).toBe(false);
  });

  it("lets no accounts of a day make themselves established by reporting their own seller's listings (issue 35)", async () => {
    // A seller's four listings, reported by three accounts made the same day an hour apart (so not 'created together')
    // from addresses of their own, then rejected: each report upheld.
    const [farmSeller] = await newAccounts(1, 70, 600);
    const farmers = await newAccounts(3, 71, 5, 60);
    for (let n = 0; n < 4; n++) {
      const farmed = await onSale(farmSeller.id);
      for (const [f, farmer] of farmers.entries()) await report(farmed, farmer.cookie, { reason: 'fraud' }, `198.51.100.${120 + f}`).expect(200);
      await reject(farmed);
    }
    const victim = await onSale();
    for (const [f, farmer] of farmers.entries()) await report(victim, farmer.cookie, { reason: 'fraud' }, `198.51.100.${120 + f}`).expect(200);
    expect(await onTheSite(victim)).toBe(true);
  });

  it('nor accounts of a few days with an approved listing of their own and one report upheld (issue 35)', async () => {
    const [farmSeller] = await newAccounts(1, 75, 3 * 24 * 60);
    const farmers = await newAccounts(3, 76, 3 * 24 * 60, 60);
    for (const farmer of farmers) await app.get(DataSource).query(`UPDATE listing SET approved_at = now() WHERE id = $1`, [await onSale(farmer.id)]);
    const farmed = await onSale(farmSeller.id);
    for (const [f, farmer] of farmers.entries()) await report(farmed, farmer.cookie, { reason: 'fraud' }, `198.51.100.${130 + f}`).expect(200);
    await reject(farmed);
    const victim = await onSale();
    for (const [f, farmer] of farmers.entries()) await report(victim, farmer.cookie, { reason: 'fraud' }, `198.51.100.${130 + f}`).expect(200);
    expect(await onTheSite(victim)).toBe(true);
  });

  it("weighs more an account's reports after its reports on other sellers' scams were upheld (issue 35)", async () => {
    const [reporter] = await newAccounts(1, 80, 10 * 24 * 60);
    const [otherSeller] = await newAccounts(1, 81, 400 * 24 * 60);
    const scams = [await onSale(), await onSale(otherSeller.id)];
    for (const scam of scams) await report(scam, reporter.cookie, { reason: 'fraud' }, '198.51.100.140').expect(200);
    expect(await weightOf(scams[0], reporter.id)).toBe(0.5);
    for (const scam of scams) await reject(scam);
    // A quarter per upheld report: the account of ten days is now established.
    const next = await onSale();
    await report(next, reporter.cookie, { reason: 'fraud' }, '198.51.100.140').expect(200);
    expect(await weightOf(next, reporter.id)).toBe(ESTABLISHED_REPORTER_WEIGHT);
  });

  it('limits how many listings one user reports a day', async () => {
    const reporter = buyers[11];
    for (let n = 0; n < 10; n++) await report(await onSale(), reporter.cookie, { reason: 'spam' }).expect(200);
    const refused = await report(await onSale(), reporter.cookie, { reason: 'spam' }).expect(429);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('holds the daily limit under a burst: 14 reports sent at once, at most 10 taken (issue 35)', async () => {
    const [reporter] = await newAccounts(1, 60);
    const listings: string[] = [];
    for (let n = 0; n < 14; n++) listings.push(await onSale());
    const answers = await burst(14, (n) => report(listings[n], reporter.cookie, { reason: 'spam' }, '198.51.100.200'));
    expect(countStatuses(answers)).toEqual({ 200: 10, 429: 4 });
  });
});
