import type { INestApplication } from '@nestjs/common';
import { load } from 'cheerio';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LISTING_PHOTO_SIZES } from '@market/contracts';
import request from 'supertest';
import { approve, listingsApp, signedInUser, testBrand, uploadPhotos, wizardPayload } from './listings-support';

/** Phone numbers of this file: 99877400xxxx. */
const phone = (n: number) => `99877400${String(n).padStart(4, '0')}`;

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

  it('lists the active listings in /sitemap.xml', async () => {
    const response = await request(app.getHttpServer()).get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    const $ = load(response.text, { xml: true });
    const locations = $('url > loc')
      .map((_, element) => $(element).text())
      .get();
    expect(locations[0]).toBe('https://telefonbozor.example/');
    expect(locations).toContain(`https://telefonbozor.example/phone/${activeId}`);
    expect(locations).not.toContain(`https://telefonbozor.example/phone/${waitingId}`);
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
