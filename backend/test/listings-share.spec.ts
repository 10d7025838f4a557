import type { INestApplication } from '@nestjs/common';
import { load } from 'cheerio';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { LISTING_PHOTO_SIZES } from '@market/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import Redis from 'ioredis';
import { ListingSitemap, redisSitemapStore, type SitemapLimits, type SitemapStore } from '../src/browse/listing-share-pages';
import { ownTestDatabase } from '../../test/support/database';
import { insertListing, insertTestDevice } from '../../test/support/listings';
import { approve, listingsApp, signedInUser, testBrand, uploadPhotos, wizardPayload } from './listings-support';

/** A sitemap document's XML, as a crawler reads it after ungzipping. */
async function xmlOf(sitemap: ListingSitemap, path: string): Promise<string> {
  return gunzipSync((await sitemap.document(path))!.gzipped).toString();
}

/** The store of a site of one node: nothing is shared, each build is the node's own. */
const ONE_NODE: SitemapStore = { kept: async () => null, keep: async (build) => build };

/** Phone numbers of this file: 99877400xxxx. */
const phone = (n: number) => `99877400${String(n).padStart(4, '0')}`;

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The locations a sitemap document lists, after checking it is the protocol's XML with `root` as its element. */
function sitemapLocations(xml: string, root: 'urlset' | 'sitemapindex'): string[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const $ = load(xml, { xml: true });
  expect($(root).attr('xmlns')).toBe(SITEMAP_NAMESPACE);
  return $(`${root} > ${root === 'urlset' ? 'url' : 'sitemap'} > loc`)
    .map((_, element) => $(element).text())
    .get();
}

/** The head of the built frontend's index.html, as Vite writes it. */
const INDEX_HTML = `<!doctype html>
<html lang="uz">
  <head>
    <meta charset="UTF-8" />
    <title>Telefon bozor: ishlatilgan telefonlar e'lonlari</title>
    <meta name="description" content="O'zbekistonda ishlatilgan telefonlarni sotib oling va soting" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('shareable listing pages, sitemap and robots.txt (served without JavaScript)', () => {
  let app: INestApplication;
  let activeId: string;
  let waitingId: string;
  let brand: Awaited<ReturnType<typeof testBrand>>;
  const description = 'Zo\'r telefon <script>alert("xss")</script> & "qutisi" bor';

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'frontend-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\nDisallow: /profile\n');
    app = await listingsApp({ SERVE_FRONTEND: 'true', FRONTEND_DIST: dist, PUBLIC_URL: 'https://telefonbozor.example' });
    brand = await testBrand(app, 'Share');
    const seller = await signedInUser(app, phone(1));
    const photos = await uploadPhotos(app, seller.cookie, 3);
    const create = (images: string[], overrides: Record<string, unknown>) =>
      request(app.getHttpServer())
        .post('/api/phone')
        .set('Cookie', seller.cookie)
        .set('Origin', 'https://telefonbozor.example')
        .send(wizardPayload(brand.phone, images, overrides))
        .expect(201);
    activeId = (await create(photos.slice(0, 2), { description, price: 450, valut: 'usd', region: 'samarqand' })).body._id;
    waitingId = (await create(photos.slice(2), {})).body._id;
    await approve(app, activeId);
  });
  afterAll(() => app.close());

  it("puts an active listing's title, description, price and first photo into the page head, escaped", async () => {
    const response = await request(app.getHttpServer()).get(`/phone/${activeId}`).expect(200).expect('Content-Type', /html/);
    const $ = load(response.text);
    const meta = (selector: string) => $(selector).attr('content');

    expect($('title').text()).toBe(`${brand.phone.name}, 450 $ | Telefon bozor`);
    expect(meta('meta[name="description"]')).toBe(`450 $ · Samarqand · ${description}`);
    expect($('meta[name="description"]')).toHaveLength(1);
    expect(meta('meta[property="og:title"]')).toBe(`${brand.phone.name}, 450 $ | Telefon bozor`);
    expect(meta('meta[property="og:description"]')).toContain('<script>alert("xss")</script>');
    expect(meta('meta[property="og:type"]')).toBe('product');
    expect(meta('meta[property="og:url"]')).toBe(`https://telefonbozor.example/phone/${activeId}`);
    expect(meta('meta[property="og:image"]')).toMatch(/^https:\/\/telefonbozor\.example\/uploads\/listing\/[0-9a-f-]+\.webp$/);
    expect(meta('meta[property="product:price:amount"]')).toBe('450');
    expect(meta('meta[property="product:price:currency"]')).toBe('USD');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:image"]')).toBe(meta('meta[property="og:image"]'));
    expect($('link[rel="canonical"]').attr('href')).toBe(`https://telefonbozor.example/phone/${activeId}`);
    // The first photo downloads with the page, as its <img> asks for it: a phone takes the 800 px copy.
    const large = meta('meta[property="og:image"]')!;
    const preload = $('link[rel="preload"][as="image"]');
    expect(preload.attr('href')).toBe(large);
    expect(preload.attr('imagesrcset')).toBe(`${large.replace(/\.webp$/, '-800.webp')} 800w, ${large} 1600w`);
    expect(preload.attr('imagesizes')).toBe(LISTING_PHOTO_SIZES);

    // The seller's text never becomes markup: only the page's own script tag is there.
    expect(response.text).not.toContain('<script>alert');
    expect($('script')).toHaveLength(1);
    expect($('#root')).toHaveLength(1);
  });

  it('keeps the default head for a listing not on sale, an unknown listing and other pages', async () => {
    for (const path of [`/phone/${waitingId}`, '/phone/00000000-0000-4000-8000-000000000000', '/profile', '/']) {
      const response = await request(app.getHttpServer()).get(path).expect(200);
      const $ = load(response.text);
      expect($('title').text()).toBe("Telefon bozor: ishlatilgan telefonlar e'lonlari");
      expect($('meta[property="og:title"]')).toHaveLength(0);
    }
  });

  it("names in the home page's head the feed address its filters make, as the app writes it, and no feed elsewhere", async () => {
    const feedPreloads = async (path: string) => {
      const $ = load((await request(app.getHttpServer()).get(path).expect(200)).text);
      return $('link[rel="preload"][as="fetch"][crossorigin="use-credentials"]')
        .map((_, link) => $(link).attr('href'))
        .get()
        .filter((href) => href.startsWith('/api/phone'));
    };
    expect(await feedPreloads('/')).toEqual(['/api/phone?page=1']);
    // Junk, cleared filters, the default order and any parameter order read as the app reads them.
    expect(await feedPreloads('/?sort=newest&name=iphone%2013&brand=null&page=2&region=buxoro&utm_source=tg')).toEqual([
      '/api/phone?page=2&region=buxoro&name=iphone+13',
    ]);
    expect(await feedPreloads('/?page=x&maxPrice=3%20000%20000&sort=price_asc')).toEqual(['/api/phone?page=1&maxPrice=3000000&sort=price_asc']);
    expect(await feedPreloads('/profile')).toEqual([]);
    // The address is an attribute: quotes in a filter stay text.
    const $ = load((await request(app.getHttpServer()).get('/?name=%22%3E%3Cscript%3E').expect(200)).text);
    expect($('script')).toHaveLength(1);
  });

  it('serves /sitemap.xml as an index of sitemap files that list the home page and the active listings', async () => {
    const index = await request(app.getHttpServer()).get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    expect(sitemapLocations(index.text, 'sitemapindex')).toEqual(['https://telefonbozor.example/sitemap-1.xml']);

    const file = await request(app.getHttpServer()).get('/sitemap-1.xml').expect(200).expect('Content-Type', /xml/);
    const locations = sitemapLocations(file.text, 'urlset');
    expect(locations[0]).toBe('https://telefonbozor.example/');
    expect(locations).toContain(`https://telefonbozor.example/phone/${activeId}`);
    expect(locations).not.toContain(`https://telefonbozor.example/phone/${waitingId}`);
    await request(app.getHttpServer()).get('/sitemap-2.xml').expect(404);
  });

  it('sends a crawler each sitemap document gzipped, with an ETag kept from the build', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-1.xml']) {
      const response = await request(app.getHttpServer()).get(path).set('Accept-Encoding', 'gzip, deflate, br').expect(200).expect('Content-Type', /xml/);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      // Strong: Express's own ETag, a SHA-1 of the whole body at every answer, is weak.
      expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    }
    const file = await request(app.getHttpServer()).get('/sitemap-1.xml').set('Accept-Encoding', 'gzip').expect(200);
    expect(sitemapLocations(file.text, 'urlset')).toContain(`https://telefonbozor.example/phone/${activeId}`);
  });

  it('sends plain XML to a client that does not accept gzip', async () => {
    const gzipped = await request(app.getHttpServer()).get('/sitemap-1.xml').set('Accept-Encoding', 'gzip').expect(200);
    const plain = await request(app.getHttpServer()).get('/sitemap-1.xml').set('Accept-Encoding', 'identity').expect(200).expect('Content-Type', /xml/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(gzipped.text);
    expect(plain.headers.etag).toBe(`W/${gzipped.headers.etag}`);
  });

  it('answers 304 without the document to a crawler that has it already, gzipped or plain', async () => {
    for (const encoding of ['gzip', 'identity']) {
      const first = await request(app.getHttpServer()).get('/sitemap-1.xml').set('Accept-Encoding', encoding).expect(200);
      const again = await request(app.getHttpServer()).get('/sitemap-1.xml').set('Accept-Encoding', encoding).set('If-None-Match', first.headers.etag).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers['content-type']).toBeUndefined();
    }
  });

  it('answers a crawler fetching the sitemap again from what was built, not from the database', async () => {
    const crawl = async () => [
      (await request(app.getHttpServer()).get('/sitemap.xml').expect(200)).text,
      (await request(app.getHttpServer()).get('/sitemap-1.xml').expect(200)).text,
    ];
    const first = await crawl();
    const seller = await signedInUser(app, phone(2));
    const listedMeanwhile = await insertListing(app.get(DataSource), { authorId: seller.id, status: 'active', photos: 0 });

    expect(await crawl()).toEqual(first);
    expect(first[1]).not.toContain(listedMeanwhile);
  });

  it('serves the frontend\'s robots.txt rules with the sitemap named', async () => {
    const response = await request(app.getHttpServer()).get('/robots.txt').expect(200).expect('Content-Type', /text\/plain/);
    expect(response.text).toBe('User-agent: *\nAllow: /\nDisallow: /profile\n\nSitemap: https://telefonbozor.example/sitemap.xml\n');
  });

  it('serves the listing photos themselves, not the app page, beside the app', async () => {
    const detail = await request(app.getHttpServer()).get(`/api/phone/${activeId}`).expect(200);
    const photo = await request(app.getHttpServer()).get(new URL(detail.body.images[0].location).pathname).expect(200);
    expect(photo.headers['content-type']).toBe('image/webp');
  });
});

describe('the sitemap in files of three URLs', () => {
  const PUBLIC_URL = 'https://telefonbozor.example';
  const SMALL_FILES = { urlsPerFile: 3, keptForMs: 60_000 };
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let dataSource: DataSource;
  let sellerId: string;
  let onSale: string[];
  const notOnSale: string[] = [];

  const listingUrl = (id: string) => `${PUBLIC_URL}/phone/${id}`;
  const redis = new Redis(process.env.REDIS_URL!);
  let stores = 0;
  /** A node's sitemap; `store` is where the nodes of one site share their build (each test's own by default). */
  const sitemapOf = (limits: SitemapLimits, store = redisSitemapStore(redis, `${process.env.QUEUE_PREFIX}:sitemap:${++stores}`)) =>
    new ListingSitemap(dataSource, store, PUBLIC_URL, limits);

  /** Every document a crawler fetches: the index, then each file it names (answered by their paths). */
  async function crawl(sitemap: ListingSitemap): Promise<{ files: string[]; documents: Record<string, string> }> {
    const index = await xmlOf(sitemap, '/sitemap.xml');
    const files = sitemapLocations(index, 'sitemapindex');
    const documents: Record<string, string> = { '/sitemap.xml': index };
    for (const file of files) {
      const path = new URL(file).pathname;
      documents[path] = await xmlOf(sitemap, path);
    }
    return { files, documents };
  }

  beforeAll(async () => {
    database = await ownTestDatabase('sitemap');
    dataSource = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await insertTestDevice(dataSource);
    [{ id: sellerId }] = await dataSource.query(`INSERT INTO users (phone_number, name) VALUES ('998774009001', 'Seller') RETURNING id`);
    const listing = (status: string, tarif: 0 | 1 = 0) => insertListing(dataSource, { authorId: sellerId, status, tarif, photos: 0 });
    onSale = [await listing('active', 1), await listing('active', 1)];
    for (let index = 0; index < 5; index++) onSale.push(await listing('active'));
    notOnSale.push(await listing('waiting'), await listing('noActive'), await listing('draft'), await listing('active'));
    await dataSource.query(`UPDATE listing SET deleted_at = now() WHERE id = $1`, [notOnSale.at(-1)]);
    // One creation time to the microsecond: files split within equal times by id, and a file's start keeps its microseconds.
    await dataSource.query(`UPDATE listing SET created_at = '2026-03-01 10:00:00.123456+00'`);
  });
  afterAll(async () => {
    redis.disconnect();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('indexes one file per three URLs, the home page first in the first', async () => {
    const { files, documents } = await crawl(sitemapOf(SMALL_FILES));
    // The home page and 7 listings on sale: 8 URLs.
    expect(files).toEqual([1, 2, 3].map((number) => `${PUBLIC_URL}/sitemap-${number}.xml`));
    expect(sitemapLocations(documents['/sitemap-1.xml'], 'urlset')[0]).toBe(`${PUBLIC_URL}/`);
  });

  it('lists every listing on sale exactly once across the files, none that is not, at most three URLs a file', async () => {
    const { documents } = await crawl(sitemapOf(SMALL_FILES));
    const locations = Object.entries(documents)
      .filter(([path]) => path !== '/sitemap.xml')
      .map(([, xml]) => sitemapLocations(xml, 'urlset'));
    for (const file of locations) expect(file.length).toBeLessThanOrEqual(3);
    const listed = locations.flat();
    expect(listed.filter((location) => location !== `${PUBLIC_URL}/`).sort()).toEqual(onSale.map(listingUrl).sort());
    for (const id of notOnSale) expect(listed).not.toContain(listingUrl(id));

    const $ = load(documents['/sitemap-2.xml'], { xml: true });
    for (const lastmod of $('url > lastmod').map((_, element) => $(element).text()).get()) {
      expect(new Date(lastmod).toISOString()).toBe(lastmod);
    }
  });

  it('answers nothing for a file the index does not name', async () => {
    const sitemap = sitemapOf(SMALL_FILES);
    for (const path of ['/sitemap-0.xml', '/sitemap-4.xml', '/sitemap-01.xml', '/sitemap-1.xml.gz', '/sitemaps.xml']) {
      expect(await sitemap.document(path)).toBeUndefined();
    }
  });

  it('builds the files a crawler asks for at once one after another, and keeps every one', async () => {
    const sitemap = sitemapOf(SMALL_FILES);
    const files = sitemapLocations(await xmlOf(sitemap, '/sitemap.xml'), 'sitemapindex').map((file) => new URL(file).pathname);
    const query = dataSource.query.bind(dataSource);
    let running = 0;
    let mostAtOnce = 0;
    const queries = jest.spyOn(dataSource, 'query').mockImplementation(async (...args: Parameters<DataSource['query']>) => {
      mostAtOnce = Math.max(mostAtOnce, ++running);
      try {
        return await query(...args);
      } finally {
        running--;
      }
    });
    try {
      await Promise.all(files.map((path) => sitemap.document(path)));
      expect(queries).toHaveBeenCalledTimes(files.length);
      expect(mostAtOnce).toBe(1);
      queries.mockClear();
      for (const path of files) await sitemap.document(path);
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('builds the index again after the file being built, never both at once', async () => {
    const sitemap = sitemapOf({ urlsPerFile: 3, keptForMs: 200 });
    await sitemap.document('/sitemap.xml');
    const query = dataSource.query.bind(dataSource);
    let running = 0;
    let mostAtOnce = 0;
    let releaseFile!: () => void;
    const fileHeld = new Promise<void>((resolve) => (releaseFile = resolve));
    const queries = jest.spyOn(dataSource, 'query').mockImplementation(async (...args: Parameters<DataSource['query']>) => {
      mostAtOnce = Math.max(mostAtOnce, ++running);
      try {
        if (queries.mock.calls.length === 1) await fileHeld;
        return await query(...args);
      } finally {
        running--;
      }
    });
    try {
      const file = sitemap.document('/sitemap-2.xml');
      // The index expires while the file is still being built.
      await new Promise((resolve) => setTimeout(resolve, 250));
      const index = sitemap.document('/sitemap.xml');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(queries).toHaveBeenCalledTimes(1);
      releaseFile();
      await Promise.all([file, index]);
      expect(queries).toHaveBeenCalledTimes(2);
      expect(mostAtOnce).toBe(1);
    } finally {
      releaseFile();
      queries.mockRestore();
    }
  });

  it('builds once for concurrent fetches and answers repeated ones without a query, though listings change meanwhile', async () => {
    const sitemap = sitemapOf(SMALL_FILES);
    const queries = jest.spyOn(dataSource, 'query');
    try {
      const concurrent = await Promise.all([
        ...Array.from({ length: 10 }, () => sitemap.document('/sitemap.xml')),
        ...Array.from({ length: 10 }, () => sitemap.document('/sitemap-2.xml')),
      ]);
      expect(new Set(concurrent).size).toBe(2);
      // The index (where each file starts) and the one file.
      expect(queries).toHaveBeenCalledTimes(2);
      const first = await crawl(sitemap);

      const listedMeanwhile = await insertListing(dataSource, { authorId: sellerId, status: 'active', photos: 0 });
      try {
        queries.mockClear();
        expect(await crawl(sitemap)).toEqual(first);
        expect(queries).not.toHaveBeenCalled();
      } finally {
        await dataSource.query(`DELETE FROM listing WHERE id = $1`, [listedMeanwhile]);
      }
    } finally {
      queries.mockRestore();
    }
  });

  it('answers the same index and files on every node, though each built its own at another time', async () => {
    const store = redisSitemapStore(redis, `${process.env.QUEUE_PREFIX}:sitemap:nodes`);
    const first = await crawl(sitemapOf(SMALL_FILES, store));
    // Two more listings on sale: a build of its own on the second node would index four files.
    const listedMeanwhile = await Promise.all([1, 2].map(() => insertListing(dataSource, { authorId: sellerId, status: 'active', photos: 0 })));
    try {
      const second = sitemapOf(SMALL_FILES, store);
      expect(await crawl(second)).toEqual(first);
      expect(await second.document('/sitemap-4.xml')).toBeUndefined();
    } finally {
      await dataSource.query(`DELETE FROM listing WHERE id = ANY($1)`, [listedMeanwhile]);
    }
  });

  it('builds the sitemap again once it was kept for the interval', async () => {
    const sitemap = sitemapOf({ urlsPerFile: 3, keptForMs: 100 });
    const before = await crawl(sitemap);
    const listedMeanwhile = await insertListing(dataSource, { authorId: sellerId, status: 'active', photos: 0 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const after = await crawl(sitemap);
      expect(Object.values(before.documents).join()).not.toContain(listedMeanwhile);
      expect(Object.values(after.documents).join().split(listingUrl(listedMeanwhile))).toHaveLength(2);
    } finally {
      await dataSource.query(`DELETE FROM listing WHERE id = $1`, [listedMeanwhile]);
    }
  });
});

describe('the sitemap queries on 20 000 listings', () => {
  const LISTINGS = 20_000;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let dataSource: DataSource;

  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    Plans?: PlanNode[];
  }
  const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

  beforeAll(async () => {
    database = await ownTestDatabase('sitemap_plans');
    dataSource = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await insertTestDevice(dataSource);
    const [{ id: sellerId }] = await dataSource.query(`INSERT INTO users (phone_number, name) VALUES ('998774009002', 'Seller') RETURNING id`);
    await dataSource.query(
      `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description, phone_number,
                            tarif, status, created_at)
       SELECT $1, d.id, d.category_id, d.name, 6500000, 'uzs', 6500000, 'toshkent', 'A phone', '998901234567',
              CASE WHEN g % 20 = 0 THEN 1 ELSE 0 END, CASE WHEN g % 10 < 8 THEN 'active' ELSE 'waiting' END,
              now() - g * interval '1 minute'
         FROM generate_series(1, $2::int) g CROSS JOIN devices d`,
      [sellerId, LISTINGS],
    );
    await dataSource.query('VACUUM ANALYZE listing');
  }, 120_000);
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('walks the feed index from where each file starts, never scanning or sorting the table', async () => {
    const sitemap = new ListingSitemap(dataSource, ONE_NODE, 'https://telefonbozor.example', { urlsPerFile: 5_000, keptForMs: 60_000 });
    const queries = jest.spyOn(dataSource, 'query');
    const index = await xmlOf(sitemap, '/sitemap.xml');
    const files = sitemapLocations(index, 'sitemapindex');
    // 16 000 listings on sale and the home page.
    expect(files).toHaveLength(4);
    for (const file of files) await sitemap.document(new URL(file).pathname);
    const issued = queries.mock.calls.map(([sql, params]) => ({ sql: sql as string, params: params as unknown[] }));
    queries.mockRestore();

    expect(issued).toHaveLength(5);
    for (const { sql, params } of issued) {
      const [{ 'QUERY PLAN': [{ Plan }] }] = await dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const planNodes = nodes(Plan);
      expect(planNodes.filter((node) => node['Relation Name'] === 'listing').map((node) => node['Index Name'])).toEqual(['listing_feed_idx']);
      expect(planNodes.filter((node) => node['Node Type'] === 'Sort' && node !== Plan)).toEqual([]);
    }
  });
});
