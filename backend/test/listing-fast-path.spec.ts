import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { insertListing } from '../../test/support/listings';
import { listingsApp, signedInUser } from './listings-support';

/** Every line the application's pino loggers write during this file. */
const mockLogLines: string[] = [];
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see pino-capture.ts
jest.mock('pino', () => require('./pino-capture').capturingPino((line: string) => mockLogLines.push(line)));

/** Phone numbers of this file: 99877341xxxx. */
const phone = (n: number) => `99877341${String(n).padStart(4, '0')}`;

/** The headers helmet gives every answer of the app (app.factory.ts). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

interface LogEntry {
  msg: string;
  req?: { method: string; path: string };
  res?: { statusCode: number };
  direct?: boolean;
}

/**
 * ListingFastPath answers anonymous feed and detail requests before Express runs, so none of
 * Express's middleware sees them: what the middleware does for every request (helmet's headers,
 * pino's request log, the same-origin check) must hold for its answers all the same.
 */
describe("the listings' fast path keeps the app's middleware rules (issue 34)", () => {
  let app: INestApplication;
  let listings: string[];
  const get = (path: string) => request(app.getHttpServer()).get(path);
  const logged = (path: string): LogEntry[] =>
    mockLogLines.map((line) => JSON.parse(line) as LogEntry).filter((entry) => entry.msg === 'request completed' && entry.req?.path === path);

  beforeAll(async () => {
    app = await listingsApp({ PUBLIC_CACHE_TTL_MS: '60000', LOG_LEVEL: 'info', CORS_ORIGINS: 'https://partner.example' });
    const seller = await signedInUser(app, phone(1));
    listings = [];
    for (let n = 0; n < 4; n++) listings.push(await insertListing(app.get(DataSource), { authorId: seller.id, status: 'active' }));
  });
  afterAll(() => app.close());
  beforeEach(() => (mockLogLines.length = 0));

  it('sends the security headers Express sends, and never a cookie or X-Powered-By', async () => {
    for (const [first, next] of [
      ['/api/phone?page=1&region=xorazm', '/api/phone?page=2&region=xorazm'],
      [`/api/phone/${listings[0]}`, `/api/phone/${listings[1]}`],
    ]) {
      const throughExpress = await get(first).expect(200);
      const direct = await get(next).expect(200);
      expect(logged(new URL(next, 'http://x').pathname).at(-1)).toMatchObject({ direct: true });
      for (const header of SECURITY_HEADERS) {
        expect([header, direct.headers[header]]).toEqual([header, throughExpress.headers[header]]);
        expect(direct.headers[header]).toBeTruthy();
      }
      expect(direct.headers['x-powered-by']).toBeUndefined();
      expect(direct.headers['set-cookie']).toBeUndefined();
    }
  });

  it("logs each answer once, as Express's request log does: the method, the path and the status, never the query or the address", async () => {
    // A request with an Origin header goes through Express: its log line is the one to match.
    await get('/api/phone?page=1&region=surxondaryo').set('Origin', 'https://partner.example').expect(200);
    await get('/api/phone?page=3&region=surxondaryo').set('X-Forwarded-For', '203.0.113.57').expect(200);
    await get(`/api/phone/${listings[2]}?from=surxondaryo`).set('X-Forwarded-For', '203.0.113.58').expect(200);

    const feed = logged('/api/phone');
    expect(feed.map((entry) => entry.direct ?? false)).toEqual([false, true]);
    const [detail] = logged(`/api/phone/${listings[2]}`);
    for (const [entry, path] of [
      [feed[1], '/api/phone'],
      [detail, `/api/phone/${listings[2]}`],
    ] as const) {
      expect(entry).toMatchObject({ req: { method: 'GET', path }, res: { statusCode: 200 }, direct: true });
      // Only what Express's log lines carry too.
      expect(Object.keys(entry.req!).every((key) => key in feed[0].req!)).toBe(true);
    }
    const written = mockLogLines.join('\n');
    for (const secret of ['surxondaryo', '203.0.113.57', '203.0.113.58']) expect(written).not.toContain(secret);
  });

  it('leaves to Express whatever is not an anonymous same-origin GET: the same-origin check, CORS and sessions apply as before', async () => {
    // A state-changing request from another site, at the feed's own URL: refused by the same-origin check.
    const crossSite = await request(app.getHttpServer()).post('/api/phone').set('Sec-Fetch-Site', 'cross-site').send({}).expect(403);
    expect(crossSite.body.code).toBe('foreignOrigin');

    // An allowed other origin gets its CORS answer through Express; that header is never kept for anyone else.
    const partner = await get('/api/phone?page=2&region=buxoro').set('Origin', 'https://partner.example').expect(200);
    expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example');
    const anonymous = await get('/api/phone?page=2&region=buxoro').expect(200);
    expect(anonymous.headers['access-control-allow-origin']).toBeUndefined();

    // A signed-in visitor's request runs the pipeline, where the session is checked.
    const buyer = await signedInUser(app, phone(2));
    await get(`/api/phone/${listings[3]}`).set('Cookie', buyer.cookie).expect(200);

    expect(logged('/api/phone').map((entry) => [entry.req!.method, entry.res!.statusCode, entry.direct ?? false])).toEqual([
      ['POST', 403, false],
      ['GET', 200, false],
      ['GET', 200, true],
    ]);
    expect(logged(`/api/phone/${listings[3]}`)).toEqual([expect.not.objectContaining({ direct: true })]);
  });
});
