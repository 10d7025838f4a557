import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { insertListing } from '../../test/support/listings';
import { listingsApp, signedInUser } from './listings-support';

/** Every line the application's pino loggers write during this file. */
const mockLogLines: string[] = [];
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see pino-capture.ts
jest.mock('pino', () => require('./pino-capture').capturingPino((line: string) => mockLogLines.push(line)));

/** Phone numbers of this file: 99877108xxxx. */
const phone = (n: number) => `99877108${String(n).padStart(4, '0')}`;

/**
 * The long tail of public URLs misses the answer cache: the feed's and a listing's pages not kept
 * are computed without Express and Nest's pipeline, once the route has answered through them.
 */
describe('public answers computed without Express (issue 17)', () => {
  let app: INestApplication;
  let listings: string[];
  const get = (path: string) => request(app.getHttpServer()).get(path);
  const completed = (path: string) =>
    mockLogLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request completed' && entry.req?.path === path);

  beforeAll(async () => {
    app = await listingsApp({ PUBLIC_CACHE_TTL_MS: '60000', LOG_LEVEL: 'info' });
    const seller = await signedInUser(app, phone(1));
    listings = [];
    for (let n = 0; n < 3; n++) listings.push(await insertListing(app.get(DataSource), { authorId: seller.id, status: 'active' }));
  });
  afterAll(() => app.close());
  beforeEach(() => (mockLogLines.length = 0));

  it('answers a page not kept as the controller does, its headers included', async () => {
    const throughExpress = await get('/api/phone?page=1&region=jizzax').expect(200);
    const direct = await get('/api/phone?page=2&region=jizzax').expect(200);
    expect(completed('/api/phone').map((entry) => entry.direct ?? false)).toEqual([false, true]);
    for (const header of ['content-type', 'content-security-policy', 'x-content-type-options', 'strict-transport-security']) {
      expect(direct.headers[header]).toBe(throughExpress.headers[header]);
    }
    // The same page through the pipeline: a signed-in visitor's request is never answered from memory.
    const seller = await signedInUser(app, phone(2));
    const signedIn = await get('/api/phone?page=2&region=jizzax').set('Cookie', seller.cookie).expect(200);
    expect(direct.body).toEqual(signedIn.body);
  });

  it("answers a listing's detail not kept, and counts its visitor's view", async () => {
    await get(`/api/phone/${listings[0]}`).set('X-Forwarded-For', '203.0.113.80').expect(200);
    const direct = await get(`/api/phone/${listings[1]}`).set('X-Forwarded-For', '203.0.113.81').expect(200);
    expect(direct.body).toMatchObject({ _id: listings[1], status: 'active', views: 1 });
    expect(completed(`/api/phone/${listings[1]}`)).toEqual([expect.objectContaining({ direct: true })]);
  });

  it("leaves refusals to the controller, in its own words", async () => {
    await get(`/api/phone/${listings[2]}`).expect(200);
    const unknown = await get('/api/phone/00000000-0000-4000-8000-000000000000').expect(404);
    expect(unknown.body.code).toBe('listingNotFound');
    const unstorable = await get('/api/phone?page=1&name=iphone%00').expect(400);
    expect(unstorable.body.fields).toEqual({ name: 'invalidValue' });
    expect((await get('/api/phone/not-an-id').expect(404)).body.code).toBe('listingNotFound');
  });
});
