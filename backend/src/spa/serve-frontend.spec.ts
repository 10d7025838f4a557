import express from 'express';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { load } from 'cheerio';
import { serveFrontend, type ServeFrontendOptions } from './serve-frontend';

const SCRIPT = `console.log(${JSON.stringify('telefon '.repeat(500))});`;

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request as a browser sends it, answering the bytes on the wire (no client-side decompression). */
function get(server: Server, path: string, acceptEncoding?: string): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** Serves a build made of `files` (paths relative to the dist folder) on a free port. */
async function serveBuild(files: Record<string, string | Buffer>, options?: ServeFrontendOptions): Promise<Server> {
  const dist = mkdtempSync(join(tmpdir(), 'frontend-dist-'));
  for (const [path, content] of Object.entries({ 'index.html': '<!doctype html><html><head></head><body></body></html>', ...files })) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  const app = express();
  serveFrontend(app, dist, options);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return server;
}

describe('the built frontend assets', () => {
  let server: Server;

  beforeAll(async () => {
    server = await serveBuild({
      'assets/index-abc.js': SCRIPT,
      'assets/index-abc.js.br': brotliCompressSync(SCRIPT),
      'assets/index-abc.js.gz': gzipSync(SCRIPT),
      'assets/logo-abc.png': 'not compressed',
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("sends a browser the build's brotli script, labelled as a script and cached for a year", async () => {
    const response = await get(server, '/assets/index-abc.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends gzip to a client without brotli, and the plain file to one that compresses nothing', async () => {
    const gzipped = await get(server, '/assets/index-abc.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    const plain = await get(server, '/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('sends files the build did not compress as they are, and 404 for unknown assets', async () => {
    const picture = await get(server, '/assets/logo-abc.png', 'br');
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body.toString()).toBe('not compressed');
    expect((await get(server, '/assets/missing-abc.js', 'br')).status).toBe(404);
  });
});

describe("a landing page's head", () => {
  let server: Server;
  const landingPreloads = [
    { path: '/', modules: ['/assets/home-1.js', '/assets/zod-1.js'], styles: [], fetch: ['/api/category'], webModules: ['/assets/top-bar-1.js'] },
    { path: '/phone/:id', modules: ['/assets/phone-detail-1.js'], styles: ['/assets/phone-detail-1.css'], fetch: ['/api/phone/:id'], webModules: ['/assets/top-bar-1.js'] },
  ];
  const photo = 'https://telefonbozor.example/uploads/listings/p1.webp';
  const srcset = 'https://telefonbozor.example/uploads/listings/p1-800.webp 800w, https://telefonbozor.example/uploads/listings/p1.webp 1600w';
  const sizes = '(min-width: 1024px) 776px, calc(100vw - 32px)';
  const linkedListing = '5d9c1f2e-8a41-4c3b-9e07-2b6f1d4c8a90';

  beforeAll(async () => {
    server = await serveBuild(
      { '.vite/landing-preloads.json': JSON.stringify(landingPreloads) },
      {
        pageMeta: async (path) =>
          path === '/phone/on-sale' || path === `/phone/${linkedListing}`
            ? { title: 'Galaxy', description: 'Galaxy S23', url: `https://telefonbozor.example${path}`, image: photo, mainPicture: { href: photo, srcset, sizes } }
            : undefined,
      },
    );
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  async function head(path: string) {
    const $ = load((await get(server, path)).body.toString());
    return {
      modules: $('link[rel="modulepreload"]').map((_, link) => $(link).attr('href')).get(),
      styles: $('link[rel="preload"][as="style"]').map((_, link) => $(link).attr('href')).get(),
      data: $('link[rel="preload"][as="fetch"][crossorigin="use-credentials"]').map((_, link) => $(link).attr('href')).get(),
      pictures: $('link[rel="preload"][as="image"][fetchpriority="high"]')
        .map((_, link) => ({ href: $(link).attr('href'), srcset: $(link).attr('imagesrcset'), sizes: $(link).attr('imagesizes') }))
        .get(),
    };
  }

  it("names the home route's chunks, the web's top bar and first data, so they download with the app's entry", async () => {
    expect(await head('/')).toEqual({ modules: ['/assets/home-1.js', '/assets/zod-1.js', '/assets/top-bar-1.js'], styles: [], data: ['/api/category'], pictures: [] });
  });

  it("names a listing's chunks, the web's top bar, styles, its own data and its main photo with the copies the page chooses from", async () => {
    expect(await head('/phone/on-sale')).toEqual({
      modules: ['/assets/phone-detail-1.js', '/assets/top-bar-1.js'],
      styles: ['/assets/phone-detail-1.css'],
      data: ['/api/phone/on-sale'],
      pictures: [{ href: photo, srcset, sizes }],
    });
    expect((await head('/phone/a%20b%22')).data).toEqual(['/api/phone/a%20b%22']);
  });

  // Telegram opens the app at its entry page with the listing in tgWebAppStartParam; the launch reads it before signing in, as the preload does.
  it("names on the Mini App's entry page the chunks, data and main photo of the page its link names, and no web top bar", async () => {
    expect(await head(`/mini-app?tgWebAppStartParam=${linkedListing}&tgWebAppVersion=8.0`)).toEqual({
      modules: ['/assets/phone-detail-1.js'],
      styles: ['/assets/phone-detail-1.css'],
      data: [`/api/phone/${linkedListing}`],
      pictures: [{ href: photo, srcset, sizes }],
    });
    expect(await head('/mini-app')).toEqual({ modules: ['/assets/home-1.js', '/assets/zod-1.js'], styles: [], data: ['/api/category'], pictures: [] });
  });

  it('preloads nothing on the other pages', async () => {
    expect(await head('/profile/settings')).toEqual({ modules: [], styles: [], data: [], pictures: [] });
    expect(await head('/phone/1/edit')).toEqual({ modules: [], styles: [], data: [], pictures: [] });
  });
});

describe('the sitemap documents and robots.txt', () => {
  let server: Server;
  const documents: Record<string, string> = {
    '/sitemap.xml': '<sitemapindex>index</sitemapindex>',
    '/sitemap-2.xml': '<urlset>second file</urlset>',
  };
  const kept = (xml: string) => ({ gzipped: gzipSync(xml), etag: `"${xml.length}"` });

  beforeAll(async () => {
    server = await serveBuild(
      { 'robots.txt': 'User-agent: *\nDisallow: /profile\n' },
      { sitemap: { url: 'https://telefonbozor.example/sitemap.xml', document: async (path) => (path in documents ? kept(documents[path]) : undefined) } },
    );
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends a crawler the kept gzipped bytes of each document, as XML it may keep for an hour', async () => {
    for (const [path, xml] of Object.entries(documents)) {
      const response = await get(server, path, 'gzip, deflate, br');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/xml/);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(response.headers.etag).toBe(kept(xml).etag);
      expect(response.body).toEqual(kept(xml).gzipped);
      expect(gunzipSync(response.body).toString()).toBe(xml);
    }
  });

  it('sends plain XML to a client that does not accept gzip', async () => {
    const response = await get(server, '/sitemap-2.xml');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(documents['/sitemap-2.xml']);
    expect(response.headers.etag).toBe(`W/${kept(documents['/sitemap-2.xml']).etag}`);
  });

  it('answers 304 to a crawler that has the document already', async () => {
    const { port } = server.address() as AddressInfo;
    const headers = { 'If-None-Match': kept(documents['/sitemap-2.xml']).etag };
    const status = await new Promise((resolve) => httpGet({ host: '127.0.0.1', port, path: '/sitemap-2.xml', headers }, (response) => resolve(response.resume().statusCode)));
    expect(status).toBe(304);
  });

  it('answers 404 for a sitemap file there is not', async () => {
    for (const path of ['/sitemap-1.xml', '/sitemap-3.xml', '/sitemap-x.xml']) expect((await get(server, path)).status).toBe(404);
  });

  it("names the index in the build's robots.txt", async () => {
    const response = await get(server, '/robots.txt');
    expect(response.body.toString()).toBe('User-agent: *\nDisallow: /profile\n\nSitemap: https://telefonbozor.example/sitemap.xml\n');
  });
});
