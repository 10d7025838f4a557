import { BUYER_LIMITS } from '@market/contracts';
import { BuyerListingsService } from '../src/browse/buyer-listings/buyer-listings.service';
import { SavedSearchAlertsService } from '../src/saved-searches/saved-search-alerts.service';
import { createSignedInUser } from '../../test/support/users';
import { listingsAppForThisFile, testBrand } from './listings-support';

describe('saved searches', () => {
  const site = listingsAppForThisFile();
  const { http } = site;


  it('saves the feed filters, lists them and deletes one', async () => {
    const buyer = await createSignedInUser(site.app);
    const brand = await testBrand(site.app, 'Saved');
    const saved = await http()
      .post('/api/user/saved-searches')
      .set('Cookie', buyer.cookie)
      .send({ query: { brand: brand.id, region: 'toshkent', maxPrice: '5 000 000', page: 3, name: '' } })
      .expect(201);
    // Read as the feed reads its address: the price typed with spaces, no page, a cleared name gone.
    expect(saved.body).toMatchObject({ query: { brand: brand.id, region: 'toshkent', maxPrice: 5_000_000 }, alerts: 'instant', newListings: 0 });
    expect(saved.body.query).not.toHaveProperty('page');
    expect(saved.body.query).not.toHaveProperty('name');

    const list = await http().get('/api/user/saved-searches').set('Cookie', buyer.cookie).expect(200);
    expect(list.body.searches.map((search: { _id: string }) => search._id)).toEqual([saved.body._id]);

    const daily = await http().put(`/api/user/saved-searches/${saved.body._id}`).set('Cookie', buyer.cookie).send({ alerts: 'daily' }).expect(200);
    expect(daily.body.alerts).toBe('daily');

    await http().delete(`/api/user/saved-searches/${saved.body._id}`).set('Cookie', buyer.cookie).expect(204);
    expect((await http().get('/api/user/saved-searches').set('Cookie', buyer.cookie).expect(200)).body.searches).toEqual([]);
  });

  it('keeps filters sent as JSON numbers and booleans, not only as the address writes them', async () => {
    // Dropped, they made a search of every price: alerts for listings the buyer had ruled out.
    const buyer = await createSignedInUser(site.app);
    const saved = await http()
      .post('/api/user/saved-searches')
      .set('Cookie', buyer.cookie)
      .send({ query: { region: 'buxoro', minPrice: 1_000_000, maxPrice: 4_000_000, document: true, minBattery: 85 } })
      .expect(201);
    expect(saved.body.query).toEqual({ region: 'buxoro', minPrice: 1_000_000, maxPrice: 4_000_000, document: true, minBattery: 85, sort: 'newest' });
  });

  it('counts the listings that matched since the search was last opened', async () => {
    const buyer = await createSignedInUser(site.app);
    const seller = await createSignedInUser(site.app);
    const brand = await testBrand(site.app, 'Counted');
    const saved = await http().post('/api/user/saved-searches').set('Cookie', buyer.cookie).send({ query: { brand: brand.name } }).expect(201);
    const listingOf = async (categoryId: string, deviceId: string) =>
      (
        await site.dataSource.query(
          `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description, phone_number, status)
           VALUES ($1, $2, $3, 'Counted phone', 100, 'usd', 1265000, 'toshkent', 'x', '998901112233', 'active') RETURNING id`,
          [seller.id, deviceId, categoryId],
        )
      )[0].id as string;
    // The workers match approved listings (workers/test/saved-search-alerts.spec.ts); here only their count is read.
    const alerts = new SavedSearchAlertsService(site.dataSource, site.app.get(BuyerListingsService));
    await alerts.recordMatches(await listingOf(brand.id, brand.phone.id));
    const other = await testBrand(site.app, 'Other');
    await alerts.recordMatches(await listingOf(other.id, other.phone.id));

    const list = await http().get('/api/user/saved-searches').set('Cookie', buyer.cookie).expect(200);
    expect(list.body.searches[0].newListings).toBe(1);
    const opened = await http().post(`/api/user/saved-searches/${saved.body._id}/open`).set('Cookie', buyer.cookie).expect(200);
    expect(opened.body.newListings).toBe(0);
  });

  it(`saves at most ${BUYER_LIMITS.savedSearchesPerUser} searches, and the same search once`, async () => {
    const buyer = await createSignedInUser(site.app);
    for (let index = 0; index < BUYER_LIMITS.savedSearchesPerUser; index++) {
      await http().post('/api/user/saved-searches').set('Cookie', buyer.cookie).send({ query: { minPrice: String(1000 + index) } }).expect(201);
    }
    const full = await http().post('/api/user/saved-searches').set('Cookie', buyer.cookie).send({ query: { region: 'xorazm' } }).expect(409);
    expect(full.body.code).toBe('savedSearchesFull');
    expect(full.body.message.uz).toContain(String(BUYER_LIMITS.savedSearchesPerUser));

    const other = await createSignedInUser(site.app);
    await http().post('/api/user/saved-searches').set('Cookie', other.cookie).send({ query: { region: 'xorazm', brand: 'x' } }).expect(201);
    const again = await http().post('/api/user/saved-searches').set('Cookie', other.cookie).send({ query: { brand: 'x', region: 'xorazm' } }).expect(409);
    expect(again.body.code).toBe('savedSearchExists');
    expect((await http().get('/api/user/saved-searches').set('Cookie', other.cookie).expect(200)).body.searches).toHaveLength(1);
  });

  it("refuses a visitor, bad input and another user's search, changing nothing", async () => {
    const owner = await createSignedInUser(site.app);
    const stranger = await createSignedInUser(site.app);
    const saved = await http().post('/api/user/saved-searches').set('Cookie', owner.cookie).send({ query: { region: 'samarqand' } }).expect(201);

    await http().post('/api/user/saved-searches').send({ query: {} }).expect(401);
    await http().get('/api/user/saved-searches').expect(401);
    const bad = await http().post('/api/user/saved-searches').set('Cookie', owner.cookie).send({ query: {}, alerts: 'hourly' }).expect(400);
    expect(bad.body.fields).toHaveProperty('alerts');
    await http().post('/api/user/saved-searches').set('Cookie', owner.cookie).send({}).expect(400);

    const foreign = await http().delete(`/api/user/saved-searches/${saved.body._id}`).set('Cookie', stranger.cookie).expect(404);
    expect(foreign.body.message.uz).toBe('Saqlangan qidiruv topilmadi');
    await http().put(`/api/user/saved-searches/${saved.body._id}`).set('Cookie', stranger.cookie).send({ alerts: 'off' }).expect(404);
    await http().post('/api/user/saved-searches/not-an-id/open').set('Cookie', owner.cookie).expect(404);

    const list = await http().get('/api/user/saved-searches').set('Cookie', owner.cookie).expect(200);
    expect(list.body.searches).toEqual([expect.objectContaining({ _id: saved.body._id, alerts: 'instant' })]);
  });
});
