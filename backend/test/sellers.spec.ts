import { PUBLIC_READS } from '../src/database/public-reads';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser } from '../../test/support/users';
import { listingsAppForThisFile, recordQueries } from './listings-support';

describe("a seller's public page", () => {
  const site = listingsAppForThisFile();
  const { http } = site;


  it('shows the seller, their listings on sale only and how many they sold, never their number', async () => {
    const seller = await createSignedInUser(site.app, { name: 'Jasur' });
    await site.dataSource.query(`UPDATE users SET region = 'buxoro' WHERE id = $1`, [seller.id]);
    const onSale = await insertListing(site.dataSource, { authorId: seller.id, status: 'active', name: 'On sale phone' });
    await insertListing(site.dataSource, { authorId: seller.id, status: 'noActive', name: 'Sold phone' });
    await insertListing(site.dataSource, { authorId: seller.id, status: 'waiting', name: 'Waiting phone' });

    const page = await http().get(`/api/seller/${seller.id}`).expect(200);
    expect(page.body).toMatchObject({ _id: seller.id, name: 'Jasur', region: 'buxoro', phoneConfirmed: true, sold: 1, pages: 1 });
    expect(new Date(page.body.memberSince).getTime()).toBeLessThanOrEqual(Date.now());
    expect(page.body.phones.map((card: { _id: string }) => card._id)).toEqual([onSale]);
    expect(JSON.stringify(page.body)).not.toContain(seller.phoneNumber);
  });

  it('reads the listings on the public pool, with its statement timeout, for a signed-in visitor too', async () => {
    const seller = await createSignedInUser(site.app);
    await insertListing(site.dataSource, { authorId: seller.id, status: 'active' });
    const visitor = (await createSignedInUser(site.app)).cookie;
    const queries = recordQueries();
    try {
      await http().get(`/api/seller/${seller.id}`).set('Cookie', visitor).expect(200);
      const overListings = queries.ran().flatMap(({ sql, pool }) => (/\bFROM listing\b/.test(sql) ? [pool] : []));
      expect(overListings).toEqual([PUBLIC_READS, PUBLIC_READS]);
    } finally {
      queries.restore();
    }
  });

  it('answers an unknown seller with a translated 404', async () => {
    const missing = await http().get('/api/seller/00000000-0000-4000-8000-000000000000').expect(404);
    expect(missing.body.message.uz).toBe('Sotuvchi topilmadi');
    await http().get('/api/seller/not-an-id').expect(404);
  });
});
