import { BUYER_LIMITS } from '@market/contracts';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, type TestUser } from '../../test/support/users';
import { listingsAppForThisFile } from './listings-support';

describe('favourites', () => {
  const site = listingsAppForThisFile();
  const { http } = site;
  let seller: TestUser;

  beforeAll(async () => {
    seller = await createSignedInUser(site.app);
  });

  const onSale = (name = 'Kept phone') => insertListing(site.dataSource, { authorId: seller.id, status: 'active', name });

  it('keeps a listing once, lists it in the profile and lets it go', async () => {
    const buyer = await createSignedInUser(site.app);
    const listingId = await onSale('Heart phone');

    const kept = await http().post(`/api/phone/${listingId}/favourite`).set('Cookie', buyer.cookie).expect(200);
    expect(kept.body).toEqual({ favourite: true, count: null });
    await http().post(`/api/phone/${listingId}/favourite`).set('Cookie', buyer.cookie).expect(200);

    const page = await http().get('/api/user/favourites?page=1').set('Cookie', buyer.cookie).expect(200);
    expect(page.body.pages).toBe(1);
    expect(page.body.favourites).toHaveLength(1);
    expect(page.body.favourites[0]).toMatchObject({ state: 'onSale', listing: { _id: listingId, name: 'Heart phone', price: 6_500_000 } });
    expect((await http().get('/api/user/favourites/ids').set('Cookie', buyer.cookie).expect(200)).body).toEqual({ ids: [listingId] });
    expect((await http().get(`/api/phone/${listingId}/favourite`).set('Cookie', buyer.cookie).expect(200)).body.favourite).toBe(true);

    const letGo = await http().delete(`/api/phone/${listingId}/favourite`).set('Cookie', buyer.cookie).expect(200);
    expect(letGo.body.favourite).toBe(false);
    expect((await http().get('/api/user/favourites').set('Cookie', buyer.cookie).expect(200)).body).toEqual({ favourites: [], pages: 0 });
  });

  it('shows the seller, and only the seller, how many keep the listing', async () => {
    const listingId = await onSale();
    for (const buyer of [await createSignedInUser(site.app), await createSignedInUser(site.app)]) {
      await http().post(`/api/phone/${listingId}/favourite`).set('Cookie', buyer.cookie).expect(200);
    }
    expect((await http().get(`/api/phone/${listingId}/favourite`).set('Cookie', seller.cookie).expect(200)).body).toEqual({ favourite: false, count: 2 });
    const stranger = await createSignedInUser(site.app);
    expect((await http().get(`/api/phone/${listingId}/favourite`).set('Cookie', stranger.cookie).expect(200)).body).toEqual({ favourite: false, count: null });
    expect((await http().get(`/api/phone/${listingId}/favourite`).expect(200)).body).toEqual({ favourite: false, count: null });
  });

  it('marks a kept listing that was sold or removed instead of failing', async () => {
    const buyer = await createSignedInUser(site.app);
    const sold = await onSale('Sold phone');
    const removed = await onSale('Removed phone');
    for (const id of [sold, removed]) await http().post(`/api/phone/${id}/favourite`).set('Cookie', buyer.cookie).expect(200);
    await site.dataSource.query(`UPDATE listing SET status = 'noActive' WHERE id = $1`, [sold]);
    await site.dataSource.query(`UPDATE listing SET deleted_at = now() WHERE id = $1`, [removed]);

    const page = await http().get('/api/user/favourites').set('Cookie', buyer.cookie).expect(200);
    const stateOf = (id: string) => page.body.favourites.find((favourite: { listing: { _id: string } }) => favourite.listing._id === id)?.state;
    expect(stateOf(sold)).toBe('sold');
    expect(stateOf(removed)).toBe('removed');
  });

  it("answers a listing's heart to its seller alone while it is not on sale, as its detail page does", async () => {
    const stranger = await createSignedInUser(site.app);
    for (const status of ['draft', 'waiting', 'cancelled']) {
      const listingId = await insertListing(site.dataSource, { authorId: seller.id, status });
      await http().get(`/api/phone/${listingId}/favourite`).set('Cookie', stranger.cookie).expect(404);
      await http().get(`/api/phone/${listingId}/favourite`).expect(404);
      expect((await http().get(`/api/phone/${listingId}/favourite`).set('Cookie', seller.cookie).expect(200)).body).toEqual({ favourite: false, count: 0 });
    }
  });

  it('shows a kept listing sent back to review as it was kept: no unreviewed photo or price', async () => {
    const buyer = await createSignedInUser(site.app);
    const listingId = await onSale('Amended phone');
    await http().post(`/api/phone/${listingId}/favourite`).set('Cookie', buyer.cookie).expect(200);
    // The seller replaces the photos and the price: the listing waits for moderation.
    await site.dataSource.query(`UPDATE listing SET status = 'waiting', price = 9900000, price_uzs = 9900000 WHERE id = $1`, [listingId]);
    const [favourite] = (await http().get('/api/user/favourites').set('Cookie', buyer.cookie).expect(200)).body.favourites;
    expect(favourite).toMatchObject({ state: 'removed', priceBefore: null, listing: { _id: listingId, price: 6_500_000, valut: 'uzs', image: null } });
  });

  it('refuses a visitor, a listing not on sale and an unknown one, keeping nothing', async () => {
    const buyer = await createSignedInUser(site.app);
    const listingId = await onSale();
    await http().post(`/api/phone/${listingId}/favourite`).expect(401);
    const waiting = await insertListing(site.dataSource, { authorId: seller.id, status: 'waiting' });
    const refused = await http().post(`/api/phone/${waiting}/favourite`).set('Cookie', buyer.cookie).expect(404);
    expect(refused.body.message.uz).toBe("E'lon topilmadi");
    await http().post('/api/phone/not-a-listing/favourite').set('Cookie', buyer.cookie).expect(404);
    await http().get('/api/user/favourites').expect(401);
    expect((await http().get('/api/user/favourites/ids').set('Cookie', buyer.cookie).expect(200)).body.ids).toEqual([]);
  });

  it(`keeps at most ${BUYER_LIMITS.favouritesPerUser} listings`, async () => {
    const buyer = await createSignedInUser(site.app);
    const listingId = await onSale();
    await site.dataSource.query(
      `INSERT INTO favourite (user_id, listing_id) SELECT $1, id FROM listing WHERE id <> $2 AND deleted_at IS NULL LIMIT $3`,
      [buyer.id, listingId, BUYER_LIMITS.favouritesPerUser],
    );
    const [{ kept }] = await site.dataSource.query(`SELECT count(*)::int AS kept FROM favourite WHERE user_id = $1`, [buyer.id]);
    // The database of the test run may hold fewer listings than the limit: fill it with new ones.
    for (let index = kept; index < BUYER_LIMITS.favouritesPerUser; index++) {
      await site.dataSource.query(`INSERT INTO favourite (user_id, listing_id) VALUES ($1, $2)`, [buyer.id, await insertListing(site.dataSource, { authorId: seller.id, status: 'active', photos: 0 })]);
    }
    const refused = await http().post(`/api/phone/${listingId}/favourite`).set('Cookie', buyer.cookie).expect(409);
    expect(refused.body.message.uz).toContain(String(BUYER_LIMITS.favouritesPerUser));
    expect((await http().get(`/api/phone/${listingId}/favourite`).set('Cookie', buyer.cookie).expect(200)).body.favourite).toBe(false);
  });
});
