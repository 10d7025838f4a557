import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { ListingCard, ListingStatus } from '@market/contracts';
import { DevicesService } from '../src/devices/devices.service';
import { ListingCountersService } from '../src/browse/listing-counters.service';
import { PUBLIC_READS } from '../src/database/public-reads';
import { ANCHORS_FROM } from '../src/browse/listing-feed';
import { approve, listingsApp, recordQueries, signedInUser, testBrand, TEST_USD_RATE, uploadPhotos, wizardPayload } from './listings-support';

/** Phone numbers of this file: 99877200xxxx. */
const phone = (n: number) => `99877200${String(n).padStart(4, '0')}`;

interface Seeded {
  price: number;
  valut?: 'uzs' | 'usd';
  region?: string;
  tarif?: 0 | 1;
  status?: ListingStatus;
  minutesAgo: number;
  deleted?: boolean;
  device?: { id: string; name: string };
  storage?: string;
  condition?: boolean;
  document?: boolean;
  shipping?: boolean;
}

describe('browsing: the home feed, the detail page and the seller contact', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let brand: Awaited<ReturnType<typeof testBrand>>;
  let seller: { id: string; cookie: string };
  const server = () => app.getHttpServer();

  /** Listings straight into the table: the feed only reads them. */
  async function seed(listings: Seeded[]): Promise<string[]> {
    const ids: string[] = [];
    for (const listing of listings) {
      const valut = listing.valut ?? 'uzs';
      const device = listing.device ?? brand.phone;
      const [{ id }] = await dataSource.query(
        `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description, phone_number,
                              telegram_username, tarif, status, created_at, deleted_at, storage, condition, document, shipping)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Yaxshi telefon', $9, 'seller_tg', $10, $11, now() - make_interval(mins => $12),
                 CASE WHEN $13 THEN now() END, $14, $15, $16, $17)
         RETURNING id`,
        [
          seller.id,
          device.id,
          brand.id,
          device.name,
          listing.price,
          valut,
          valut === 'usd' ? listing.price * TEST_USD_RATE : listing.price,
          listing.region ?? 'toshkent',
          phone(1),
          listing.tarif ?? 0,
          listing.status ?? 'active',
          listing.minutesAgo,
          listing.deleted ?? false,
          listing.storage ?? null,
          listing.condition ?? false,
          listing.document ?? false,
          listing.shipping ?? false,
        ],
      );
      ids.push(id);
    }
    return ids;
  }

  const feed = async (query: Record<string, string | number>) => {
    const response = await request(server()).get('/api/phone').query(query).expect(200);
    return response.body as { phones: ListingCard[]; pages: number };
  };
  const idsOf = (page: { phones: ListingCard[] }) => page.phones.map((card) => card._id);

  beforeAll(async () => {
    app = await listingsApp();
    dataSource = app.get(DataSource);
    brand = await testBrand(app, 'Browse');
    seller = await signedInUser(app, phone(1));
  });
  afterAll(() => app.close());

  describe('GET /api/phone', () => {
    let ordered: string[];
    let hidden: string[];

    beforeAll(async () => {
      // 25 listings on sale: two promoted (older ones), then the newest first.
      const regular = await seed(Array.from({ length: 23 }, (_, i) => ({ price: 1_000_000 + i, minutesAgo: 10 + i })));
      const promoted = await seed([
        { price: 2_000_000, tarif: 1, minutesAgo: 500 },
        { price: 2_000_001, tarif: 1, minutesAgo: 400 },
      ]);
      ordered = [promoted[1], promoted[0], ...regular];
      hidden = await seed([
        { price: 1, status: 'waiting', minutesAgo: 1 },
        { price: 1, status: 'noActive', minutesAgo: 1 },
        { price: 1, status: 'cancelled', minutesAgo: 1 },
        { price: 1, status: 'draft', minutesAgo: 1 },
        { price: 1, deleted: true, minutesAgo: 1 },
      ]);
    });

    it('shows 12 active listings a page, promoted first, then newest', async () => {
      const first = await feed({ brand: brand.id, page: 1 });
      expect(first.pages).toBe(3);
      expect(idsOf(first)).toEqual(ordered.slice(0, 12));
      expect(idsOf(await feed({ brand: brand.id, page: 2 }))).toEqual(ordered.slice(12, 24));
      expect(idsOf(await feed({ brand: brand.id, page: 3 }))).toEqual(ordered.slice(24));
      for (const id of hidden) expect(ordered).not.toContain(id);
    });

    it.each([['0'], ['-3'], ['abc'], ['1.5'], ['null'], ['']])('treats page %j as page 1', async (page) => {
      const response = await feed({ brand: brand.id, page });
      expect(idsOf(response)).toEqual(ordered.slice(0, 12));
    });

    it('answers a page beyond the last with no listings and the right number of pages', async () => {
      expect(await feed({ brand: brand.id, page: 4 })).toEqual({ phones: [], pages: 3 });
      expect(await feed({ brand: brand.id, page: 999999 })).toEqual({ phones: [], pages: 3 });
    });

    it('finds a brand by id or by name in any case; an unknown brand has nothing', async () => {
      const byName = await feed({ brand: brand.name.toUpperCase() });
      expect(byName.pages).toBe(3);
      expect(idsOf(byName)).toEqual(ordered.slice(0, 12));
      expect(await feed({ brand: 'No such brand' })).toEqual({ phones: [], pages: 0 });
    });

    it("ignores cleared filters ('null' and empty)", async () => {
      const response = await feed({ brand: brand.id, region: 'null', name: '', minPrice: 'null', maxPrice: '' });
      expect(response.pages).toBe(3);
    });

    it('shows only what a card needs: no phone number, Telegram username or description', async () => {
      const [card] = (await feed({ brand: brand.id })).phones;
      expect(Object.keys(card).sort()).toEqual(['_id', 'battery', 'createdAt', 'grade', 'image', 'name', 'price', 'region', 'seller', 'status', 'tarif', 'valut']);
      expect(card).toMatchObject({ name: brand.phone.name, valut: 'uzs', region: 'toshkent', tarif: 1, status: 'active', image: null });
    });
  });

  describe('filters', () => {
    let regionBrand: Awaited<ReturnType<typeof testBrand>>;
    beforeAll(async () => {
      regionBrand = await testBrand(app, 'Filters');
    });

    /** Seeds into the filters' own brand so the assertions see exactly these listings. */
    async function seedInFilterBrand(listings: Seeded[]): Promise<string[]> {
      const previous = brand;
      brand = regionBrand;
      try {
        return await seed(listings);
      } finally {
        brand = previous;
      }
    }

    it('filters by region', async () => {
      const [samarqand, andijon] = await seedInFilterBrand([
        { price: 1_500_000, region: 'samarqand', minutesAgo: 5 },
        { price: 1_500_000, region: 'andijon', minutesAgo: 6 },
      ]);
      expect(idsOf(await feed({ brand: regionBrand.id, region: 'samarqand' }))).toEqual([samarqand]);
      expect(idsOf(await feed({ brand: regionBrand.id, region: 'andijon' }))).toEqual([andijon]);
      expect(await feed({ brand: regionBrand.id, region: 'atlantis' })).toEqual({ phones: [], pages: 0 });
      // Without a brand every listing of the page is in the region.
      const anyBrand = await feed({ region: 'samarqand' });
      expect(anyBrand.phones.every((card) => card.region === 'samarqand')).toBe(true);
    });

    it('compares price bounds in so\'m across currencies', async () => {
      // 300 $ is 3 795 000 so'm at the test rate.
      const [dollars, cheaper, dearer] = await seedInFilterBrand([
        { price: 300, valut: 'usd', region: 'navoiy', minutesAgo: 1 },
        { price: 3_700_000, region: 'navoiy', minutesAgo: 2 },
        { price: 3_900_000, region: 'navoiy', minutesAgo: 3 },
      ]);
      const navoiy = { brand: regionBrand.id, region: 'navoiy' };
      expect(idsOf(await feed({ ...navoiy, minPrice: '3 750 000' }))).toEqual([dollars, dearer]);
      expect(idsOf(await feed({ ...navoiy, maxPrice: '3800000' }))).toEqual([dollars, cheaper]);
      expect(idsOf(await feed({ ...navoiy, minPrice: 3_795_000, maxPrice: 3_795_000 }))).toEqual([dollars]);
      expect(idsOf(await feed({ ...navoiy, minPrice: 3_800_000, maxPrice: 3_850_000 }))).toEqual([]);
      expect(idsOf(await feed({ ...navoiy, minPrice: 'cheap' }))).toEqual([dollars, cheaper, dearer]);
    });

    it('finds names ignoring spaces and case, and forgives a typo when nothing matches exactly', async () => {
      const [nova] = await seedInFilterBrand([{ price: 2_500_000, region: 'buxoro', minutesAgo: 1, device: regionBrand.phone }]);
      const [lite] = await seedInFilterBrand([{ price: 2_500_000, region: 'buxoro', minutesAgo: 2, device: regionBrand.single }]);
      const buxoro = { brand: regionBrand.id, region: 'buxoro' };
      expect(idsOf(await feed({ ...buxoro, name: 'NOVA12' }))).toEqual([nova]);
      expect(idsOf(await feed({ ...buxoro, name: 'nova 12' }))).toEqual([nova]);
      expect(idsOf(await feed({ ...buxoro, name: 'lite' }))).toEqual([lite]);
      expect(idsOf(await feed({ ...buxoro, name: 'novva 12' }))).toEqual([nova]);
      expect(idsOf(await feed({ ...buxoro, name: 'galaxy' }))).toEqual([]);
    });

    it('finds the model however its name is typed: a slip of the finger, Cyrillic, Uzbek Latin', async () => {
      const [nova] = await seedInFilterBrand([{ price: 2_500_000, region: 'namangan', minutesAgo: 1, device: regionBrand.phone }]);
      const namangan = { brand: regionBrand.id, region: 'namangan' };
      for (const typed of ['nvoa 12', 'нова 12', 'NOVA 12']) expect(idsOf(await feed({ ...namangan, name: typed }))).toEqual([nova]);

      // Through the shipped catalogue: its models' names as people in Uzbekistan type them.
      const [iphone] = await dataSource.query(`SELECT id, name FROM devices WHERE name = 'Apple iPhone 13'`);
      const [listing] = await seedInFilterBrand([{ price: 9_000_000, region: 'qoraqalpogiston', minutesAgo: 1, device: iphone }]);
      const qoraqalpogiston = { brand: regionBrand.id, region: 'qoraqalpogiston' };
      for (const typed of ['iphone 13', 'iphoen 13', 'айфон 13', 'ayfon 13', 'APPLE IPHONE 13']) {
        expect(idsOf(await feed({ ...qoraqalpogiston, name: typed }))).toEqual([listing]);
      }
      expect(await feed({ ...qoraqalpogiston, name: 'самсунг галакси а54' })).toMatchObject({ phones: [], pages: 0 });
      expect((await app.get(DevicesService).listingModels('самсунг галакси а54')).deviceIds).toEqual(
        (await dataSource.query(`SELECT id FROM devices WHERE name LIKE 'Samsung Galaxy A54%' ORDER BY id`)).map((row: { id: string }) => row.id),
      );
    });

    it('sorts by price in so\'m across currencies; promoted listings come first only in newest', async () => {
      const sorting = await testBrand(app, 'Sorting');
      const previous = brand;
      brand = sorting;
      let ids: string[];
      try {
        // 300 $ is 3 795 000 so'm at the test rate: between the two so'm prices.
        ids = await seed([
          { price: 4_000_000, minutesAgo: 1 },
          { price: 300, valut: 'usd', minutesAgo: 2 },
          { price: 3_000_000, minutesAgo: 3, tarif: 1 },
          { price: 5_000_000, minutesAgo: 4 },
        ]);
      } finally {
        brand = previous;
      }
      const [uzs4m, usd300, promoted3m, uzs5m] = ids;
      expect(idsOf(await feed({ brand: sorting.id }))).toEqual([promoted3m, uzs4m, usd300, uzs5m]);
      expect(idsOf(await feed({ brand: sorting.id, sort: 'newest' }))).toEqual([promoted3m, uzs4m, usd300, uzs5m]);
      expect(idsOf(await feed({ brand: sorting.id, sort: 'price_asc' }))).toEqual([promoted3m, usd300, uzs4m, uzs5m]);
      expect(idsOf(await feed({ brand: sorting.id, sort: 'price_desc' }))).toEqual([uzs5m, uzs4m, usd300, promoted3m]);
      expect(idsOf(await feed({ brand: sorting.id, sort: 'price_asc', minPrice: 3_500_000 }))).toEqual([usd300, uzs4m, uzs5m]);
      // An unknown order is the default one.
      expect(idsOf(await feed({ brand: sorting.id, sort: 'cheapest' }))).toEqual([promoted3m, uzs4m, usd300, uzs5m]);
    });

    it('filters by storage, condition, box and documents, delivery and currency, alone and together', async () => {
      const kinds = await testBrand(app, 'Kinds');
      const previous = brand;
      brand = kinds;
      let ids: string[];
      try {
        ids = await seed([
          { price: 1_000_000, minutesAgo: 1, storage: '128GB', condition: true, document: true, shipping: false },
          { price: 100, valut: 'usd', minutesAgo: 2, storage: '256GB', condition: false, document: true, shipping: true },
          { price: 2_000_000, minutesAgo: 3, storage: '256GB', condition: true, document: false, shipping: true },
          { price: 3_000_000, minutesAgo: 4, storage: '64GB', condition: false, document: false, shipping: false },
        ]);
      } finally {
        brand = previous;
      }
      const [new128Box, usedUsd256, new256Shipped, used64] = ids;
      const of = (query: Record<string, string>) => feed({ brand: kinds.id, ...query }).then(idsOf);
      expect(await of({ storage: '256GB' })).toEqual([usedUsd256, new256Shipped]);
      expect(await of({ storage: '256' })).toEqual([usedUsd256, new256Shipped]);
      expect(await of({ storage: '128gb' })).toEqual([new128Box]);
      expect(await of({ condition: 'new' })).toEqual([new128Box, new256Shipped]);
      expect(await of({ condition: 'used' })).toEqual([usedUsd256, used64]);
      expect(await of({ document: 'true' })).toEqual([new128Box, usedUsd256]);
      expect(await of({ shipping: 'true' })).toEqual([usedUsd256, new256Shipped]);
      expect(await of({ valut: 'usd' })).toEqual([usedUsd256]);
      expect(await of({ valut: 'uzs' })).toEqual([new128Box, new256Shipped, used64]);
      expect(await of({ storage: '256GB', condition: 'new', shipping: 'true', valut: 'uzs' })).toEqual([new256Shipped]);
      expect(await of({ storage: '512GB' })).toEqual([]);
      // Junk and 'false' are no filter, never an error.
      expect(await of({ storage: 'lots', condition: 'mint', document: 'false', shipping: 'no', valut: 'eur' })).toEqual(ids);
      expect((await feed({ brand: kinds.id, storage: '256GB', page: 1 })).pages).toBe(1);
    });

    it('narrows a name search by the memory typed with it, and never shows another model as a match', async () => {
      const [iphone13, iphone14] = await dataSource.query(
        `SELECT id, name FROM devices WHERE name IN ('Apple iPhone 13', 'Apple iPhone 14') ORDER BY name`,
      );
      const [with128, with256] = await seedInFilterBrand([
        { price: 7_000_000, region: 'navoiy', minutesAgo: 1, device: iphone13, storage: '128GB' },
        { price: 8_000_000, region: 'navoiy', minutesAgo: 2, device: iphone13, storage: '256GB' },
      ]);
      const navoiy = { brand: regionBrand.id, region: 'navoiy' };
      expect(idsOf(await feed({ ...navoiy, name: 'iphone 13' }))).toEqual([with128, with256]);
      expect(idsOf(await feed({ ...navoiy, name: 'айфон 13 128' }))).toEqual([with128]);
      expect(idsOf(await feed({ ...navoiy, name: 'ayfon 13 256gb' }))).toEqual([with256]);
      // Memory alone is the storage filter over every model.
      expect(idsOf(await feed({ ...navoiy, name: '256 GB' }))).toEqual([with256]);

      // Only an iPhone 14 on sale in Surxondaryo: 'iphone 13' finds nothing there and says so, offering the 14.
      const [only14] = await seedInFilterBrand([{ price: 9_000_000, region: 'surxondaryo', minutesAgo: 1, device: iphone14 }]);
      const surxondaryo = { brand: regionBrand.id, region: 'surxondaryo' };
      const missing = await feed({ ...surxondaryo, name: 'iphone 13' });
      expect(missing.phones).toEqual([]);
      expect(missing.pages).toBe(0);
      expect((missing as { suggestions?: { name: string }[] }).suggestions?.map((model) => model.name)).toContain('Apple iPhone 13');
      expect(idsOf(await feed({ ...surxondaryo, name: 'iphone 14' }))).toEqual([only14]);
      // A name matching no model at all still answers which models are nearest and on sale.
      const nothing = (await feed({ name: 'iphone 10' })) as { phones: ListingCard[]; suggestions?: { name: string }[] };
      expect(nothing.phones).toEqual([]);
      expect(nothing.suggestions?.length).toBeGreaterThan(0);
      for (const model of nothing.suggestions!) expect(model.name).toMatch(/^Apple iPhone/);
      // A name that finds listings carries no suggestions.
      expect(await feed({ ...surxondaryo, name: 'iphone 14' })).not.toHaveProperty('suggestions');
    });

    it('combines every filter', async () => {
      const [match] = await seedInFilterBrand([
        { price: 150, valut: 'usd', region: 'xorazm', minutesAgo: 1, device: regionBrand.single },
        { price: 150, valut: 'usd', region: 'xorazm', minutesAgo: 2, device: regionBrand.phone },
        { price: 900, valut: 'usd', region: 'xorazm', minutesAgo: 3, device: regionBrand.single },
        { price: 150, valut: 'usd', region: 'jizzax', minutesAgo: 4, device: regionBrand.single },
      ]);
      const response = await feed({
        brand: regionBrand.name,
        region: 'xorazm',
        name: 'lite 3',
        minPrice: 1_000_000,
        maxPrice: 2_000_000,
        page: 1,
      });
      expect(response).toEqual({ phones: [expect.objectContaining({ _id: match, price: 150, valut: 'usd' })], pages: 1 });
    });
  });

  describe('GET /api/phone/{id}', () => {
    let listingId: string;
    let author: { id: string; cookie: string };

    beforeAll(async () => {
      author = await signedInUser(app, phone(2));
      await dataSource.query(`UPDATE users SET name = 'Dilshod' WHERE id = $1`, [author.id]);
      const images = await uploadPhotos(app, author.cookie, 2);
      const created = await request(server())
        .post('/api/phone')
        .set('Cookie', author.cookie)
        .send(wizardPayload(brand.phone, images, { authorName: 'Dilshod aka', telegramUsername: 'dilshod_tg' }))
        .expect(201);
      listingId = created.body._id;
    });

    it('shows a listing waiting for moderation only to its author and admins', async () => {
      const stranger = await signedInUser(app, phone(3));
      const admin = await signedInUser(app, phone(4), 'admin');
      const hidden = await request(server()).get(`/api/phone/${listingId}`).expect(404);
      expect(hidden.body.message.uz).toBe("E'lon topilmadi");
      await request(server()).get(`/api/phone/${listingId}`).set('Cookie', stranger.cookie).expect(404);
      const own = await request(server()).get(`/api/phone/${listingId}`).set('Cookie', author.cookie).expect(200);
      expect(own.body).toMatchObject({ status: 'waiting', owner: { form: { phoneNumber: phone(2), telegramUsername: 'dilshod_tg' } } });
      const moderated = await request(server()).get(`/api/phone/${listingId}`).set('Cookie', admin.cookie).expect(200);
      expect(moderated.body.owner).toBeDefined();
    });

    it('answers 404 for an unknown or malformed id', async () => {
      await request(server()).get('/api/phone/00000000-0000-4000-8000-000000000000').expect(404);
      await request(server()).get('/api/phone/not-an-id').expect(404);
    });

    it('shows every detail field of an active listing to anyone, without the seller contact', async () => {
      await approve(app, listingId);
      const response = await request(server()).get(`/api/phone/${listingId}`).set('X-Forwarded-For', '198.51.100.10').expect(200);
      expect(response.body).toMatchObject({
        _id: listingId,
        name: brand.phone.name,
        price: 4_500_000,
        valut: 'uzs',
        region: 'toshkent',
        status: 'active',
        tarif: 0,
        condition: false,
        document: true,
        shipping: true,
        color: 'Ocean Blue',
        ram: '8GB',
        storage: '256GB',
        description: 'Ideal holatda, qutisi bilan',
        authorName: 'Dilshod aka',
        author: { _id: author.id, name: 'Dilshod', image: null },
        category: { _id: brand.id, name: brand.name },
        device: { _id: brand.phone.id, name: brand.phone.name, quickSpec: expect.arrayContaining([{ name: 'Battery size', value: '5000mAh' }]) },
        posts: {
          telegram: { posted: false, link: null },
          instagram: { posted: false, link: null },
          facebook: { posted: false, link: null },
        },
      });
      expect(response.body.device.quickSpec[2]).toEqual({ name: 'Camera pixels', value: '50MP' });
      expect(response.body.images).toHaveLength(2);
      const [first] = response.body.images;
      expect(first.location).toMatch(/^http:\/\/localhost:3000\/uploads\/listing\/.+\.webp$/);
      // A phone may take the 800 px copy instead of the large photo.
      expect(first.srcset).toBe(`${first.location.replace(/\.webp$/, '-800.webp')} 800w, ${first.location} 1600w`);
      expect(response.body.owner).toBeUndefined();
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(phone(2));
      expect(text).not.toContain('dilshod_tg');
    });

    it('counts a visitor\'s views once a day and never the author\'s own', async () => {
      const views = async (ip: string, cookie?: string) => {
        const call = request(server()).get(`/api/phone/${listingId}`).set('X-Forwarded-For', ip);
        return (await (cookie ? call.set('Cookie', cookie) : call).expect(200)).body.views as number;
      };
      const before = await views('198.51.100.20');
      expect(await views('198.51.100.20')).toBe(before);
      expect(await views('198.51.100.21')).toBe(before + 1);
      expect(await views('198.51.100.22', author.cookie)).toBe(before + 1);
    });

    it('counts views and contact reveals without rewriting the listing (the feed counts on its visibility map)', async () => {
      const [id] = await seed([{ price: 2_500_000, minutesAgo: 1 }]);
      const rowVersion = async () => (await dataSource.query(`SELECT xmin::text AS version FROM listing WHERE id = $1`, [id]))[0].version as string;
      const version = await rowVersion();
      expect((await request(server()).get(`/api/phone/${id}`).set('X-Forwarded-For', '198.51.100.30').expect(200)).body.views).toBe(1);
      await request(server()).get(`/api/phone/${id}/contact`).set('X-Forwarded-For', '198.51.100.30').expect(200);
      await app.get(ListingCountersService).writeCountsNow();
      expect(await rowVersion()).toBe(version);
      expect(await dataSource.query(`SELECT views, contact_reveals FROM listing_counter WHERE listing_id = $1`, [id])).toEqual([
        { views: 1, contact_reveals: 1 },
      ]);
    });

    it('writes the views of many visitors together, still once a day per visitor, and shows each view at once', async () => {
      const [id] = await seed([{ price: 2_500_000, minutesAgo: 1 }]);
      const view = async (ip: string) => (await request(server()).get(`/api/phone/${id}`).set('X-Forwarded-For', ip).expect(200)).body.views as number;
      const queries = jest.spyOn(dataSource, 'query');
      try {
        for (let visitor = 1; visitor <= 8; visitor++) expect(await view(`198.51.100.${100 + visitor}`)).toBe(visitor);
        // The same visitors again the same day: nothing more.
        for (let visitor = 1; visitor <= 8; visitor++) expect(await view(`198.51.100.${100 + visitor}`)).toBe(8);
        await app.get(ListingCountersService).writeCountsNow();
        // One statement for all (two if the periodic write came in between), never one per view.
        const writes = queries.mock.calls.filter(([sql]) => /INSERT INTO listing_counter/.test(sql));
        expect(writes.length).toBeGreaterThanOrEqual(1);
        expect(writes.length).toBeLessThanOrEqual(2);
      } finally {
        queries.mockRestore();
      }
      expect(await dataSource.query(`SELECT views FROM listing_counter WHERE listing_id = $1`, [id])).toEqual([{ views: 8 }]);
      expect(await view('198.51.100.101')).toBe(8);
      expect(await view('198.51.100.109')).toBe(9);
    });

    it('writes the views counted and not yet written when the API stops', async () => {
      const [id] = await seed([{ price: 2_500_000, minutesAgo: 1 }]);
      const stopping = await listingsApp();
      await request(stopping.getHttpServer()).get(`/api/phone/${id}`).set('X-Forwarded-For', '198.51.100.120').expect(200);
      await stopping.close();
      expect(await dataSource.query(`SELECT views FROM listing_counter WHERE listing_id = $1`, [id])).toEqual([{ views: 1 }]);
    });
  });

  describe('GET /api/phone/{id}/contact', () => {
    it('reveals the seller contact, counts it once per visitor and limits reveals per visitor', async () => {
      const [id] = await seed([{ price: 3_000_000, minutesAgo: 1 }]);
      const reveal = (ip: string) => request(server()).get(`/api/phone/${id}/contact`).set('X-Forwarded-For', ip);

      const first = await reveal('203.0.113.50').expect(200);
      expect(first.body).toEqual({ phoneNumber: phone(1), telegramUsername: 'seller_tg' });
      await reveal('203.0.113.50').expect(200);
      await app.get(ListingCountersService).writeCountsNow();
      const [{ contact_reveals }] = await dataSource.query(`SELECT contact_reveals FROM listing_counter WHERE listing_id = $1`, [id]);
      expect(contact_reveals).toBe(1);

      for (let reveals = 2; reveals < 30; reveals++) await reveal('203.0.113.50').expect(200);
      const limited = await reveal('203.0.113.50').expect(429);
      expect(limited.body.code).toBe('tooManyRequests');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another visitor is not affected, nor the seller.
      await reveal('203.0.113.51').expect(200);
      for (let reveals = 0; reveals < 35; reveals++) {
        await request(server()).get(`/api/phone/${id}/contact`).set('X-Forwarded-For', '203.0.113.50').set('Cookie', seller.cookie).expect(200);
      }
    });

    it('keeps the contact of a listing that is not on sale hidden', async () => {
      const [waiting] = await seed([{ price: 3_000_000, minutesAgo: 1, status: 'waiting' }]);
      await request(server()).get(`/api/phone/${waiting}/contact`).set('X-Forwarded-For', '203.0.113.60').expect(404);
    });
  });

  describe('as production runs it: answers kept, totals from a snapshot, deep pages from anchors', () => {
    let kept: INestApplication;
    let deep: Awaited<ReturnType<typeof testBrand>>;
    const LISTED = ANCHORS_FROM + 300;

    beforeAll(async () => {
      deep = await testBrand(app, 'Deep');
      await dataSource.query(
        `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description, phone_number, tarif, status, created_at,
                              storage, condition, document, shipping, grade, battery)
         SELECT $1, $2, $3, $4, 1000000 + n * 1000, 'uzs', 1000000 + (n * 7919) % 500000, CASE WHEN n % 3 = 0 THEN 'andijon' ELSE 'toshkent' END,
                'Yaxshi telefon', $5, CASE WHEN n % 50 = 0 THEN 1 ELSE 0 END, 'active', now() - make_interval(secs => n),
                CASE WHEN n % 2 = 0 THEN '128GB' ELSE '256GB' END, n % 4 = 0, n % 5 = 0, n % 3 = 1,
                (ARRAY['A', 'B', NULL, 'C'])[1 + n % 4], CASE WHEN n % 7 = 0 THEN NULL ELSE 50 + n % 51 END
           FROM generate_series(1, $6::int) n`,
        [seller.id, deep.phone.id, deep.id, deep.phone.name, phone(1), LISTED],
      );
      kept = await listingsApp({ PUBLIC_CACHE_TTL_MS: '2000' });
    });
    afterAll(() => kept.close());

    const keptFeed = async (query: Record<string, string | number>) =>
      (await request(kept.getHttpServer()).get('/api/phone').query(query).expect(200)).body as { phones: ListingCard[]; pages: number };
    const inFeedOrder = async (where: string, offset: number, order = 'l.tarif DESC, l.created_at DESC, l.id DESC') =>
      (
        await dataSource.query(
          `SELECT id FROM listing l WHERE l.category_id = $1 AND l.status = 'active' AND l.deleted_at IS NULL ${where}
            ORDER BY ${order} LIMIT 12 OFFSET $2`,
          [deep.id, offset],
        )
      ).map((row: { id: string }) => row.id);

    it('shows every page of a filter, the deepest from their anchor, as the feed order has them', async () => {
      const pages = Math.ceil(LISTED / 12);
      expect((await keptFeed({ brand: deep.id })).pages).toBe(pages);
      // The first page that starts from an anchor is the first at ANCHORS_FROM or deeper.
      const anchored = ANCHORS_FROM / 12 + 1;
      // The pages before it walk the index from the first listing: the anchors, a walk over the
      // whole filter, are not looked for (they were from page 11 on, most of the long tail's work).
      const queries = recordQueries();
      for (const page of [1, 11, anchored - 1]) {
        expect(idsOf(await keptFeed({ brand: deep.id, page }))).toEqual(await inFeedOrder('', (page - 1) * 12));
      }
      // A public read too: an anonymous visitor's deep page finds its anchors on a replica.
      const anchorWalks = () => queries.ran().filter(({ sql }) => sql.includes('row_number()'));
      expect(anchorWalks()).toEqual([]);
      for (const page of [anchored, anchored + 1, pages - 1, pages]) {
        expect(idsOf(await keptFeed({ brand: deep.id, page }))).toEqual(await inFeedOrder('', (page - 1) * 12));
      }
      expect(anchorWalks().map(({ pool }) => pool)).toEqual([PUBLIC_READS]);
      queries.restore();
      expect(await keptFeed({ brand: deep.id, page: pages + 1 })).toEqual({ phones: [], pages });
    });

    it('shows the deep pages of the price orders and of the buyers\' filters from their anchors, as the order has them', async () => {
      const anchored = ANCHORS_FROM / 12 + 1;
      const cases: Array<[Record<string, string>, string, string]> = [
        [{ sort: 'price_asc' }, '', 'l.price_uzs ASC, l.id ASC'],
        [{ sort: 'price_desc', minPrice: '1100000' }, 'AND price_uzs >= 1100000', 'l.price_uzs DESC, l.id DESC'],
        [{ storage: '256GB' }, `AND storage = '256GB'`, 'l.tarif DESC, l.created_at DESC, l.id DESC'],
        [{ sort: 'price_asc', shipping: 'true', condition: 'used' }, 'AND shipping AND NOT condition', 'l.price_uzs ASC, l.id ASC'],
      ];
      for (const [query, where, order] of cases) {
        const { pages } = await keptFeed({ brand: deep.id, ...query });
        for (const page of [1, anchored, anchored + 1, pages].filter((number) => number <= pages)) {
          expect(idsOf(await keptFeed({ brand: deep.id, ...query, page }))).toEqual(await inFeedOrder(where, (page - 1) * 12, order));
        }
      }
    });

    it("walks the pages of price bounds by one plan prepared once while the walk is short; narrow bounds' later pages are planned for their values", async () => {
      const queries = recordQueries();
      try {
        const pageReads = () => queries.ran().filter(({ sql }) => sql.includes('WITH page AS'));
        /** Whether each page's statement was prepared. */
        const pagesRead = async (bounds: Record<string, number>, where: string, pages: number[]) => {
          const before = pageReads().length;
          for (const page of pages) expect(idsOf(await keptFeed({ brand: deep.id, ...bounds, page }))).toEqual(await inFeedOrder(where, (page - 1) * 12));
          return pageReads().slice(before).map(({ prepared }) => prepared);
        };
        // Prices are spread evenly over 1 000 000–1 500 000 so'm: these bounds let 80 % through, and 2 % (30 listings).
        expect(await pagesRead({ minPrice: 1_100_000 }, 'AND price_uzs >= 1100000', [1, 11, 30])).toEqual([true, true, true]);
        expect(await pagesRead({ minPrice: 1_000_000, maxPrice: 1_010_000 }, 'AND price_uzs <= 1010000', [1, 3])).toEqual([true, false]);
      } finally {
        queries.restore();
      }
    });

    it('counts any filter from the snapshot as a query counts it', async () => {
      const counted = async (where: string) =>
        (await dataSource.query(`SELECT count(*)::int AS n FROM listing l WHERE l.category_id = $1 AND l.status = 'active' ${where}`, [deep.id]))[0].n as number;
      const filters: Array<[Record<string, string | number>, string]> = [
        [{ region: 'andijon' }, `AND region = 'andijon'`],
        [{ minPrice: 1_500_000 }, 'AND price_uzs >= 1500000'],
        [{ minPrice: 1_100_000, maxPrice: 1_200_000, region: 'toshkent' }, `AND price_uzs BETWEEN 1100000 AND 1200000 AND region = 'toshkent'`],
        [{ name: 'nova 12', maxPrice: 1_050_000 }, 'AND price_uzs <= 1050000'],
        [{ storage: '128GB', region: 'andijon' }, `AND storage = '128GB' AND region = 'andijon'`],
        [{ condition: 'new', document: 'true' }, 'AND condition AND document'],
        [{ shipping: 'true', valut: 'uzs', minPrice: 1_200_000 }, `AND shipping AND valut = 'uzs' AND price_uzs >= 1200000`],
        [{ condition: 'used', sort: 'price_desc' }, 'AND NOT condition'],
        [{ grade: 'B' }, `AND grade = 'B'`],
        [{ grade: 'C', minBattery: 85, region: 'andijon' }, `AND grade = 'C' AND battery >= 85 AND region = 'andijon'`],
        [{ minBattery: 100, storage: '256GB', maxPrice: 1_300_000 }, `AND battery >= 100 AND storage = '256GB' AND price_uzs <= 1300000`],
      ];
      for (const [query, where] of filters) expect((await keptFeed({ brand: deep.name, ...query })).pages).toBe(Math.ceil((await counted(where)) / 12));
    });

    it('counts the categories page from the snapshot on the public pool, for a visitor the kept answers skip too', async () => {
      const queries = recordQueries();
      try {
        // A forged session cookie and an Origin header each skip the kept answers.
        for (const headers of [{ Cookie: 'session=forged' }, { Origin: 'https://elsewhere.example' }]) {
          const response = await request(kept.getHttpServer()).get('/api/category').set(headers).expect(200);
          expect(response.body.find((category: { _id: string }) => category._id === deep.id)).toMatchObject({ PhonesCount: LISTED, devicesCount: 3 });
        }
        const ran = queries.ran();
        // Listings are counted by public reads only (the snapshot's own read, at most every few seconds, among them); the
        // views of earlier tests' detail pages, written on their own timer, are no read.
        const reads = ran.filter(({ sql }) => !/^\s*INSERT INTO listing_counter\b/.test(sql));
        expect(reads.filter(({ sql, pool }) => pool === 'default' && /\blisting\b/.test(sql))).toEqual([]);
        expect(ran.filter(({ sql }) => /FROM categories c/.test(sql)).map(({ pool }) => pool)).toEqual([PUBLIC_READS, PUBLIC_READS]);
      } finally {
        queries.restore();
      }
    });
  });

  describe('the categories page', () => {
    it("counts each brand's active listings", async () => {
      const counted = await testBrand(app, 'Counted');
      const previous = brand;
      brand = counted;
      await seed([
        { price: 1_000_000, minutesAgo: 1 },
        { price: 1_000_000, minutesAgo: 2 },
        { price: 1_000_000, minutesAgo: 3, status: 'waiting' },
        { price: 1_000_000, minutesAgo: 4, deleted: true },
      ]);
      brand = previous;
      const response = await request(server()).get('/api/category').expect(200);
      expect(response.body.find((category: { _id: string }) => category._id === counted.id)).toMatchObject({ PhonesCount: 2, devicesCount: 3 });
    });
  });
});
