import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PublicReads } from '../src/database/public-reads';
import { insertListing } from '../../test/support/listings';
import { CategoriesService } from '../src/categories/categories.service';
import { AppException } from '../src/common/app.exception';
import { ListingDetailService } from '../src/browse/listing-detail.service';
import { ListingFeedService } from '../src/browse/listing-feed.service';
import { listingsApp, signedInUser, testBrand } from './listings-support';

/** Phone numbers of this file: 99877106xxxx. */
const phone = (n: number) => `99877106${String(n).padStart(4, '0')}`;

describe('public answers reused for anonymous visitors (PUBLIC_CACHE_TTL_MS)', () => {
  let app: INestApplication;
  let computedFeeds: jest.SpyInstance;
  const get = (path: string) => request(app.getHttpServer()).get(path);

  beforeAll(async () => {
    app = await listingsApp({ PUBLIC_CACHE_TTL_MS: '300' });
    computedFeeds = jest.spyOn(app.get(ListingFeedService), 'list');
  });
  afterAll(() => app.close());
  beforeEach(() => computedFeeds.mockClear());

  it('answers repeated and concurrent requests of a page from one computation, with the same bytes and headers', async () => {
    const first = await get('/api/phone?page=1&region=xorazm').expect(200);
    const concurrent = await Promise.all(Array.from({ length: 8 }, () => get('/api/phone?page=1&region=xorazm').expect(200)));
    expect(computedFeeds).toHaveBeenCalledTimes(1);
    for (const answer of concurrent) {
      expect(answer.text).toBe(first.text);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      // helmet's headers are part of what is replayed
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    }
  });

  it('makes concurrent first requests of a page share one computation', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/api/phone?page=1&region=buxoro').expect(200)));
    expect(computedFeeds).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
  });

  it('computes the page again once the interval is over', async () => {
    await get('/api/phone?page=1&region=navoiy').expect(200);
    await get('/api/phone?page=1&region=navoiy').expect(200);
    expect(computedFeeds).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await get('/api/phone?page=1&region=navoiy').expect(200);
    expect(computedFeeds).toHaveBeenCalledTimes(2);
  });

  it('keeps serving the expired page while one request computes its successor', async () => {
    const expired = await get('/api/phone?page=1&region=namangan').expect(200);
    await new Promise((resolve) => setTimeout(resolve, 350));
    computedFeeds.mockImplementationOnce(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { phones: [], pages: 99 };
    });
    const refreshing = get('/api/phone?page=1&region=namangan').then((response) => response);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const meanwhile = await get('/api/phone?page=1&region=namangan').expect(200);
    expect(meanwhile.text).toBe(expired.text);
    expect((await refreshing).body).toEqual({ phones: [], pages: 99 });
    expect((await get('/api/phone?page=1&region=namangan').expect(200)).body).toEqual({ phones: [], pages: 99 });
    expect(computedFeeds).toHaveBeenCalledTimes(2);
  });

  it('never keeps a failed answer: the next visitor gets a fresh try', async () => {
    computedFeeds.mockRejectedValueOnce(new AppException(503, 'serviceUnavailable'));
    await get('/api/phone?page=1&region=jizzax').expect(503);
    await get('/api/phone?page=1&region=jizzax').expect(200);
    expect(computedFeeds).toHaveBeenCalledTimes(2);
  });

  it('runs the whole pipeline for signed-in visitors and never hands their cookies to anyone', async () => {
    const seller = await signedInUser(app, phone(1));
    const signedIn = await get('/api/phone?page=1&region=sirdaryo').set('Cookie', seller.cookie).expect(200);
    await get('/api/phone?page=1&region=sirdaryo').set('Cookie', seller.cookie).expect(200);
    expect(computedFeeds).toHaveBeenCalledTimes(2);

    const anonymous = await get('/api/phone?page=1&region=sirdaryo').expect(200);
    expect(computedFeeds).toHaveBeenCalledTimes(3);
    expect(anonymous.text).toBe(signedIn.text);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });

  it('does not reuse answers of cross-origin requests, whose CORS headers depend on the origin', async () => {
    await get('/api/phone?page=1&region=andijon').expect(200);
    await get('/api/phone?page=1&region=andijon').set('Origin', 'https://example.uz').expect(200);
    expect(computedFeeds).toHaveBeenCalledTimes(2);
  });

  it('counts the listings of any filter without a query of its own, however many of its pages are opened', async () => {
    const reads = jest.spyOn(app.get(PublicReads), 'query');
    const counts = () => reads.mock.calls.filter(([sql]) => /SELECT count\(\*\)/.test(sql)).length;
    const pages = await Promise.all([1, 2, 3].map((page) => get(`/api/phone?page=${page}&region=surxondaryo&minPrice=1000`).expect(200)));
    expect(new Set(pages.map((page) => page.body.pages)).size).toBe(1);
    // The totals of every filter come from one snapshot of the listings on sale (FeedTotals).
    expect(counts()).toBe(0);
    reads.mockRestore();
  });

  it("shows a listing put on sale after the totals' snapshot on its filter's first page, and counts it", async () => {
    // An exact price nobody asks: the snapshot read by the first request counts none.
    const filter = 'minPrice=987654321&maxPrice=987654321';
    expect((await get(`/api/phone?page=1&${filter}`).expect(200)).body).toMatchObject({ phones: [], pages: 0 });
    const dataSource = app.get(DataSource);
    const seller = await signedInUser(app, phone(40));
    const id = await insertListing(dataSource, { authorId: seller.id, status: 'active' });
    await dataSource.query(`UPDATE listing SET price = 987654321, price_uzs = 987654321 WHERE id = $1`, [id]);
    // Another spelling of the same page: not the answer kept for the first (the snapshot is still the old one).
    const page = await get(`/api/phone?${filter}&page=1`).expect(200);
    expect(page.body.phones.map((card: { _id: string }) => card._id)).toEqual([id]);
    expect(page.body.pages).toBe(1);
  });

  describe('listing detail', () => {
    const visit = (id: string, ip: string) => get(`/api/phone/${id}`).set('X-Forwarded-For', ip).expect(200);

    /** The stored count: views of visitors answered from memory are recorded after their answer. */
    async function viewsReach(id: string, expected: number): Promise<void> {
      const dataSource = app.get(DataSource);
      const deadline = Date.now() + 3_000;
      let views: number | undefined;
      while (Date.now() < deadline) {
        [{ views }] = await dataSource.query(`SELECT COALESCE((SELECT views FROM listing_counter WHERE listing_id = $1), 0) AS views`, [id]);
        if (views === expected) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`views stayed ${views}, expected ${expected}`);
    }

    it('shows visitors the page as read at most one interval ago, its author the current one', async () => {
      const dataSource = app.get(DataSource);
      await testBrand(app, 'PublicAnswers');
      const seller = await signedInUser(app, phone(2));
      const id = await insertListing(dataSource, { authorId: seller.id, status: 'active' });

      expect((await visit(id, '10.0.0.1')).body).toMatchObject({ price: 6500000, views: 1 });
      await dataSource.query(`UPDATE listing SET price = 7000000 WHERE id = $1`, [id]);
      expect((await visit(id, '10.0.0.2')).body).toMatchObject({ price: 6500000, views: 1 });
      await viewsReach(id, 2);
      const own = await get(`/api/phone/${id}`).set('Cookie', seller.cookie).expect(200);
      expect(own.body).toMatchObject({ price: 7000000, owner: expect.any(Object) });

      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await visit(id, '10.0.0.3')).body).toMatchObject({ price: 7000000, views: 3 });
      await dataSource.query(`UPDATE listing SET status = 'noActive' WHERE id = $1`, [id]);
      await new Promise((resolve) => setTimeout(resolve, 350));
      await get(`/api/phone/${id}`).expect(404);
    });

    it('counts each anonymous visitor once, whether the page was computed for them, shared or replayed', async () => {
      const dataSource = app.get(DataSource);
      const seller = await signedInUser(app, phone(3));
      const id = await insertListing(dataSource, { authorId: seller.id, status: 'active' });
      const visitors = ['10.0.1.1', '10.0.1.2', '10.0.1.3', '10.0.1.4', '10.0.1.5'];

      // Concurrent first visits share one (slow) computation; the repeated ones are replayed.
      const details = app.get(ListingDetailService);
      const detail = details.detail.bind(details);
      const computed = jest.spyOn(details, 'detail').mockImplementationOnce(async (...args) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return detail(...args);
      });
      await Promise.all(visitors.map((ip) => visit(id, ip)));
      expect(computed).toHaveBeenCalledTimes(1);
      computed.mockRestore();
      await viewsReach(id, 5);

      // Nobody counts twice in a day, and the author never counts.
      await Promise.all(visitors.map((ip) => visit(id, ip)));
      await get(`/api/phone/${id}`).set('Cookie', seller.cookie).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await viewsReach(id, 5);
    });

    it('reads a listing once an interval also for the addresses the answer cache tells apart and for its refusals, which it never keeps', async () => {
      const dataSource = app.get(DataSource);
      const seller = await signedInUser(app, phone(7));
      const onSale = await insertListing(dataSource, { authorId: seller.id, status: 'active' });
      const offSale = await insertListing(dataSource, { authorId: seller.id, status: 'noActive' });
      const reads = jest.spyOn(app.get(PublicReads), 'query');
      const detailReads = (id: string) => reads.mock.calls.filter(([, params]) => (params?.[0] as string[] | undefined)?.includes(id)).length;

      await visit(onSale, '10.0.2.1');
      await get(`/api/phone/${onSale}?from=telegram`).set('X-Forwarded-For', '10.0.2.2').expect(200);
      await get(`/api/phone/${offSale}`).expect(404);
      await get(`/api/phone/${offSale}`).expect(404);
      expect([detailReads(onSale), detailReads(offSale)]).toEqual([1, 1]);
      reads.mockRestore();
    });
  });

  it('reads the details asked for in one turn with one statement, each visitor getting their own listing', async () => {
    const dataSource = app.get(DataSource);
    const seller = await signedInUser(app, phone(8));
    const [first, second, offSale] = await Promise.all(
      (['active', 'active', 'noActive'] as const).map((status, index) => insertListing(dataSource, { authorId: seller.id, status, description: `Listing ${index}` })),
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    const reads = jest.spyOn(app.get(PublicReads), 'query');
    const details = app.get(ListingDetailService);

    const answers = await Promise.allSettled(
      [first, second, unknown, offSale, second.toUpperCase()].map((id, index) => details.detail(id, { ip: `10.0.3.${index + 1}` })),
    );
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value._id : (answer.reason as AppException).getStatus()))).toEqual([
      first,
      second,
      404,
      404,
      second,
    ]);
    expect(answers[0]).toMatchObject({ value: { description: 'Listing 0' } });
    expect(answers[1]).toMatchObject({ value: { description: 'Listing 1' } });
    expect(reads.mock.calls.filter(([sql]) => sql.includes('to_json(detail)'))).toHaveLength(1);
    reads.mockRestore();
  });

  describe('a visitor with a session cookie in any spelling the cookie parser accepts', () => {
    /** The token of a `session=TOKEN` cookie as the tests' sign-in returns it. */
    const tokenOf = (cookie: string) => /session=([^;]+)/.exec(cookie)![1];
    /** A session due for its daily renewal: the guard sends its cookie again, with the token. */
    const dueForRenewal = (userId: string) =>
      app.get(DataSource).query(`UPDATE sessions SET expires_at = now() + interval '10 days' WHERE user_id = $1`, [userId]);

    it("never hands a renewed session's cookie to the anonymous visitors after it", async () => {
      const seller = await signedInUser(app, phone(4));
      await dueForRenewal(seller.id);
      const own = await get('/api/category').set('Cookie', `session =${tokenOf(seller.cookie)}`).expect(200);
      expect(own.headers['set-cookie']?.[0]).toContain(tokenOf(seller.cookie));

      const anonymous = await get('/api/category').expect(200);
      expect(anonymous.headers['set-cookie']).toBeUndefined();
      await get('/api/user').set('Cookie', anonymous.headers['set-cookie'] ?? []).expect(401);
    });

    it("never shows anonymous visitors a waiting listing computed for its author's session", async () => {
      const seller = await signedInUser(app, phone(5));
      const id = await insertListing(app.get(DataSource), { authorId: seller.id, status: 'waiting' });
      await get(`/api/phone/${id}`).set('Cookie', `session =${tokenOf(seller.cookie)}`).expect(200);
      await get(`/api/phone/${id}`).expect(404);
    });

    it('is never answered from memory nor stored for others, whatever the spelling', async () => {
      const seller = await signedInUser(app, phone(6));
      await dueForRenewal(seller.id);
      const token = tokenOf(seller.cookie);
      const space = fc.constantFrom('', ' ', '  ', '\t');
      const otherCookie = fc.constantFrom('lang=uz', 'login=1', 'sessionid=x', 'my_session=y', '_ga=GA1.2.3');
      const sessionCookie = fc
        .record({ before: space, after: space, around: space, quoted: fc.boolean(), value: fc.constantFrom(token, 'forged', '') })
        .map(({ before, after, around, quoted, value }) => `${before}session${after}=${around}${quoted ? `"${value}"` : value}`);
      const header = fc
        .tuple(fc.array(otherCookie, { maxLength: 2 }), sessionCookie, fc.array(otherCookie, { maxLength: 2 }), fc.constantFrom(';', '; ', ' ;  '))
        .map(([first, session, last, separator]) => [...first, session, ...last].join(separator));

      const computedBrands = jest.spyOn(app.get(CategoriesService), 'list');
      let run = 0;
      await fc.assert(
        fc.asyncProperty(header, async (cookie) => {
          const kept = `/api/category?spelling=${run++}`;
          await get(kept).expect(200);
          computedBrands.mockClear();
          await get(kept).set('Cookie', cookie).expect(200);
          expect(computedBrands).toHaveBeenCalledTimes(1); // not answered from the anonymous visitors' memory

          const fresh = `/api/category?spelling=${run++}`;
          await get(fresh).set('Cookie', cookie).expect(200);
          const anonymous = await get(fresh).expect(200);
          expect(computedBrands).toHaveBeenCalledTimes(3); // nor kept for them
          expect(anonymous.headers['set-cookie']).toBeUndefined();
        }),
        { seed: 15, numRuns: 60 },
      );
    });
  });
});
