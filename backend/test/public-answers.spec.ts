import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { insertListing } from '../../test/support/listings';
import { AppException } from '../src/common/app.exception';
import { ListingBrowseService } from '../src/listings/listing-browse.service';
import { listingsApp, signedInUser, testBrand } from './listings-support';

/** Phone numbers of this file: 99877106xxxx. */
const phone = (n: number) => `99877106${String(n).padStart(4, '0')}`;

describe('public answers reused for anonymous visitors (PUBLIC_CACHE_TTL_MS)', () => {
  let app: INestApplication;
  let computedFeeds: jest.SpyInstance;
  const get = (path: string) => request(app.getHttpServer()).get(path);

  beforeAll(async () => {
    app = await listingsApp({ PUBLIC_CACHE_TTL_MS: '300' });
    computedFeeds = jest.spyOn(app.get(ListingBrowseService), 'list');
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

  it('counts the listings of a filter once per interval, however many of its pages are opened', async () => {
    const query = jest.spyOn(app.get(DataSource), 'query');
    const counts = () => query.mock.calls.filter(([sql]) => /SELECT count\(\*\)/.test(sql)).length;
    const pages = await Promise.all([1, 2, 3].map((page) => get(`/api/phone?page=${page}&region=surxondaryo`).expect(200)));
    expect(new Set(pages.map((page) => page.body.pages)).size).toBe(1);
    expect(counts()).toBe(1);
    query.mockRestore();
  });

  describe('listing detail', () => {
    it('shows visitors the page as read at most one interval ago, its author the current one, and counts every visitor', async () => {
      const dataSource = app.get(DataSource);
      await testBrand(app, 'PublicAnswers');
      const seller = await signedInUser(app, phone(2));
      const id = await insertListing(dataSource, { authorId: seller.id, status: 'active' });
      const visit = (ip: string) => get(`/api/phone/${id}`).set('X-Forwarded-For', ip).expect(200);

      expect((await visit('10.0.0.1')).body).toMatchObject({ price: 6500000, views: 1 });
      await dataSource.query(`UPDATE listing SET price = 7000000 WHERE id = $1`, [id]);
      expect((await visit('10.0.0.2')).body).toMatchObject({ price: 6500000, views: 2 });
      const own = await get(`/api/phone/${id}`).set('Cookie', seller.cookie).expect(200);
      expect(own.body).toMatchObject({ price: 7000000, owner: expect.any(Object) });

      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await visit('10.0.0.3')).body).toMatchObject({ price: 7000000, views: 3 });
      await dataSource.query(`UPDATE listing SET status = 'noActive' WHERE id = $1`, [id]);
      await new Promise((resolve) => setTimeout(resolve, 350));
      await get(`/api/phone/${id}`).expect(404);
    });
  });
});
