import type { INestApplication } from '@nestjs/common';
import { REPORTS_TO_HIDE } from '@market/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ownTestDatabase } from '../../test/support/database';
import { insertListing } from '../../test/support/listings';
import { listingsApp, signedInUser } from './listings-support';

/** Phone numbers of this file: 99877190xxxx. */
const phone = (n: number) => `99877190${String(n).padStart(4, '0')}`;

describe('buyers report listings (issue 22)', () => {
  let app: INestApplication;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let seller: { id: string; cookie: string };
  let admin: { id: string; cookie: string };
  const buyers: { id: string; cookie: string }[] = [];
  const report = (listingId: string, cookie: string, body: object) =>
    request(app.getHttpServer()).post(`/api/phone/${listingId}/report`).set('Cookie', cookie).send(body);
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
    for (let n = 0; n < 12; n++) buyers.push(await signedInUser(app, phone(10 + n)));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const onSale = () => insertListing(app.get(DataSource), { authorId: seller.id, status: 'active' });

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
    expect((await queueCard(listingId, 'active')).reports.map((open: { reason: string }) => open.reason)).toEqual(['spam']);
  });

  it('answers 404 for a listing buyers cannot see', async () => {
    const waiting = await insertListing(app.get(DataSource), { authorId: seller.id, status: 'waiting' });
    await report(waiting, buyers[0].cookie, { reason: 'spam' }).expect(404);
    await report('00000000-0000-4000-8000-000000000000', buyers[0].cookie, { reason: 'spam' }).expect(404);
    await report('not-an-id', buyers[0].cookie, { reason: 'spam' }).expect(404);
  });

  it(`hides a listing reported by ${REPORTS_TO_HIDE} different users until an admin decides; approval starts the count afresh`, async () => {
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

  it('limits how many listings one user reports a day', async () => {
    const reporter = buyers[11];
    for (let n = 0; n < 10; n++) await report(await onSale(), reporter.cookie, { reason: 'spam' }).expect(200);
    const refused = await report(await onSale(), reporter.cookie, { reason: 'spam' }).expect(429);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
  });
});
