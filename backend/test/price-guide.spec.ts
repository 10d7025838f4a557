import { listingsAppForThisFile, signedInUser, TEST_USD_RATE, testBrand, type TestDevice } from './listings-support';

/** Phone numbers of this file: 99877191xxxx. */
const phone = (n: number) => `99877191${String(n).padStart(4, '0')}`;

interface Comparable {
  price: number;
  valut?: 'uzs' | 'usd';
  storage?: string;
  condition?: boolean;
  status?: string;
}

describe('the price guide and listings marked sold (issue 22)', () => {
  const site = listingsAppForThisFile();
  const { http } = site;
  let seller: { id: string; cookie: string };

  beforeAll(async () => {
    seller = await signedInUser(site.app, phone(1));
  });

  /** Listings of `device` as the wizard stores them; answers their ids. */
  async function list(device: TestDevice, listings: Comparable[]): Promise<string[]> {
    const ids: string[] = [];
    for (const { price, valut = 'uzs', storage = '128GB', condition = false, status = 'active' } of listings) {
      const [{ id }] = await site.dataSource.query(
        `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description, phone_number, status, storage, condition)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'toshkent', 'Yaxshi', '998901112233', $8, $9, $10) RETURNING id`,
        [seller.id, device.id, device.categoryId, device.name, price, valut, valut === 'usd' ? price * TEST_USD_RATE : price, status, storage, condition],
      );
      ids.push(id);
    }
    return ids;
  }
  const guide = async (query: string) => (await http().get(`/api/phone/price-guide?${query}`).expect(200)).body;

  it('answers the quartiles and the median in so\'m of the model\'s listings on sale, a dollar price at the rate', async () => {
    const { phone: device } = await testBrand(site.app, 'Narx');
    await list(device, [
      ...[3_000_000, 3_200_000, 3_400_000, 3_600_000, 3_800_000, 4_000_000, 4_200_000].map((price) => ({ price })),
      { price: 400, valut: 'usd' },
      // Not comparable: another memory, a new phone, a listing not on sale.
      { price: 9_000_000, storage: '256GB' },
      { price: 9_000_000, condition: true },
      { price: 100_000, status: 'waiting' },
    ]);
    // 400 USD is 5 060 000 so'm.
    expect(await guide(`device=${device.id}&storage=128GB&condition=used`)).toEqual({ count: 8, low: 3_350_000, median: 3_700_000, high: 4_050_000, source: 'listings' });
    expect((await guide(`device=${device.id}`)).count).toBe(10);
  });

  it('says nothing of a price below five comparable listings', async () => {
    const { phone: device } = await testBrand(site.app, 'Kam');
    await list(device, [{ price: 1_000_000 }, { price: 2_000_000 }, { price: 3_000_000 }, { price: 4_000_000 }]);
    expect(await guide(`device=${device.id}`)).toEqual({ count: 4, low: null, median: null, high: null, source: 'listings' });
  });

  it('answers the reference band shipped with the catalogue for a model with fewer than five listings (issue 35)', async () => {
    const [{ id }] = await site.dataSource.query(`SELECT id FROM devices WHERE name = 'Motorola Moto G52'`);
    // (listing-checks.spec, run before in the same database, may have put one on sale.)
    expect(await guide(`device=${id}`)).toEqual({ count: expect.any(Number), low: 450_000, median: 600_000, high: 800_000, source: 'reference' });
  });

  it('refuses a query without a model or with a condition it does not know, with the field', async () => {
    const missing = await http().get('/api/phone/price-guide?storage=128GB').expect(400);
    expect(Object.keys(missing.body.fields)).toEqual(['device']);
    const { phone: device } = await testBrand(site.app, 'Xato');
    await http().get(`/api/phone/price-guide?device=${device.id}&condition=broken`).expect(400);
  });

  it("marks a seller's listing sold: it leaves the site and counts in the guide at what it sold for", async () => {
    const { phone: device } = await testBrand(site.app, 'Sotildi');
    const [sold, soldInDollars, ...rest] = await list(device, [
      { price: 5_000_000 },
      { price: 300, valut: 'usd' },
      ...[1_000_000, 1_000_000, 1_000_000].map((price) => ({ price })),
    ]);
    const answer = await http().post(`/api/phone/${sold}/sold`).set('Cookie', seller.cookie).send({ price: '4 500 000' }).expect(200);
    expect(answer.body).toEqual({ status: 'noActive', message: expect.objectContaining({ uz: "E'lon sotilgan deb belgilandi va sotuvdan olindi" }) });
    await http().get(`/api/phone/${sold}`).expect(404);
    // Without a price, what it was asked for.
    await http().post(`/api/phone/${soldInDollars}/sold`).set('Cookie', seller.cookie).send({}).expect(200);
    expect(await guide(`device=${device.id}`)).toEqual({ count: 5, low: 1_000_000, median: 1_000_000, high: 3_795_000, source: 'listings' });

    // Sold long ago, it no longer says what phones cost.
    await site.dataSource.query(`UPDATE listing SET sold_at = now() - interval '91 days' WHERE id = $1`, [sold]);
    expect((await guide(`device=${device.id}`)).count).toBe(4);
    expect(rest).toHaveLength(3);
  });

  it("bounds a sold price like an asking price, sells a listing once, and leaves out of the guide a sale far from what was asked (issue 35)", async () => {
    const { phone: device } = await testBrand(site.app, 'Chegara');
    const [dollars, cheap] = await list(device, [{ price: 300, valut: 'usd' }, ...Array.from({ length: 5 }, () => ({ price: 5_000_000 }))]);
    const sold = (id: string, body: object) => http().post(`/api/phone/${id}/sold`).set('Cookie', seller.cookie).send(body);
    expect((await sold(dollars, { price: '99 999 999 999' }).expect(400)).body.fields).toEqual({ price: 'priceTooHigh' });
    await sold(dollars, {}).expect(200);
    expect((await sold(dollars, { price: '250' }).expect(409)).body.message.en).toBe('This listing is already marked sold');
    // 'Sold' for 100 000 so'm what was asked 5 000 000 for: not a price the guide believes.
    await sold(cheap, { price: '100 000' }).expect(200);
    expect(await guide(`device=${device.id}`)).toMatchObject({ count: 5, median: 5_000_000 });
  });

  it('lets only the author mark a listing sold, and only one on sale or taken off sale, changing nothing otherwise', async () => {
    const { phone: device } = await testBrand(site.app, 'Faqat');
    const [onSale, waiting] = await list(device, [{ price: 2_000_000 }, { price: 2_000_000, status: 'waiting' }]);
    const stranger = await signedInUser(site.app, phone(2));
    await http().post(`/api/phone/${onSale}/sold`).set('Cookie', stranger.cookie).send({}).expect(404);
    await http().post(`/api/phone/${onSale}/sold`).send({}).expect(401);
    await http().post(`/api/phone/${onSale}/sold`).set('Cookie', seller.cookie).send({ price: 'abc' }).expect(400);
    const refused = await http().post(`/api/phone/${waiting}/sold`).set('Cookie', seller.cookie).send({}).expect(409);
    expect(refused.body.message.en).toBe('Only a listing on sale or taken off sale can be marked sold');
    const rows = await site.dataSource.query(`SELECT status, sold_at FROM listing WHERE id = ANY($1) ORDER BY status`, [[onSale, waiting]]);
    expect(rows).toEqual([{ status: 'active', sold_at: null }, { status: 'waiting', sold_at: null }]);
  });
});
