import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request, { type Response } from 'supertest';
import { DataSource } from 'typeorm';
import { errorEnvelopeSchema, isMessageKey } from '@market/contracts';
import { readdir } from 'node:fs/promises';
import { ListingCountersService } from '../src/browse/listing-counters.service';
import { RedisClient } from '../src/redis/redis.module';
import { TemporaryUploadFiles } from '../src/uploads/temporary-upload-files';
import { startFakePayme, type FakePayme } from '../../test/fakes/card-gateway';
import { ownTestDatabase } from '../../test/support/database';
import { insertListing } from '../../test/support/listings';
import { createSignedInUser, randomTestPhone, type TestUser } from '../../test/support/users';
import { smsOutbox } from './auth.support';
import {
  changedTables,
  databaseFingerprinter,
  hostileBody,
  hostileId,
  hostileMultipart,
  hostileQuery,
  hostileText,
  jsonText,
  urlEncoded,
  type MultipartBody,
  type WireBody,
} from './hostile-input.support';
import { cameraJpeg, listingsApp, testBrand, uploadPhotos, wizardPayload } from './listings-support';

/*
 * The "bad input" drill of issue 9: fast-check sends every endpoint random and hostile bodies,
 * query strings, path ids and session cookies, mostly valid bodies with one field spoiled, as a
 * visitor, a seller, an admin or with a forged cookie. Every request must be answered, never
 * with a 5xx; a refusal answers 4xx with the translated error envelope, and leaves every table,
 * the outbox, the SMS queue and the card gateway untouched. The app runs on a database of its
 * own, so other test files' writes never show in the fingerprints.
 *
 * Explore further with another seed and more runs:
 *   HOSTILE_INPUT_SEED=7 HOSTILE_INPUT_RUNS=300 npx jest --config jest.config.js backend/test/hostile-input.spec.ts
 */

/** Fixed so a failure reproduces; fast-check prints it with the counterexample. */
const SEED = Number(process.env.HOSTILE_INPUT_SEED ?? 9_009);
const RUNS = Number(process.env.HOSTILE_INPUT_RUNS ?? 30);

const PAYME = { merchantId: 'hostile-merchant', key: 'hostile-key' };
const TEST_CARD = { number: '8600069195406311', expire: '0399', phone: '998901234567', balance: 10 ** 12 };

/** The API runs in this process: a request that polluted Object.prototype would show here. */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

type Access = 'public' | 'signedIn' | 'admin';
type Caller = 'anonymous' | 'user' | 'admin' | 'forged';

/** Every caller, weighted so most requests get past the route's guard into validation. */
const CALLER_WEIGHTS: Record<Access, Record<Caller, number>> = {
  public: { anonymous: 3, user: 2, admin: 1, forged: 1 },
  signedIn: { user: 5, admin: 1, anonymous: 1, forged: 1 },
  admin: { admin: 5, user: 1, anonymous: 1, forged: 1 },
};

interface Target {
  method: 'get' | 'post' | 'put' | 'delete';
  /** `:id` is replaced by hostile and real ids. */
  path: string;
  access: Access;
  /** A body the endpoint accepts: hostile bodies are mostly this with one field wrong. */
  body?: () => Record<string, unknown>;
  query?: readonly string[];
  /** Values the query parameters take, mixed with hostile ones. */
  queryValues?: () => string[];
  ids?: () => string[];
  /** Only these callers (logout would end the shared sessions). */
  callers?: readonly Caller[];
  multipart?: 'image' | 'files';
  runs?: number;
}

interface HostileRequest {
  caller: { kind: Caller; cookie?: string };
  id: string;
  query: string;
  body: WireBody | MultipartBody;
}

describe('hostile input: every endpoint refuses bad input with a translated 4xx and changes nothing', () => {
  let app: INestApplication;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let payme: FakePayme;
  let fingerprint: () => Promise<Map<string, string>>;
  let sms: ReturnType<typeof smsOutbox>;
  let baseline: Map<string, string>;
  let seller: TestUser;
  let admin: TestUser;
  let otherSeller: TestUser;
  let brand: Awaited<ReturnType<typeof testBrand>>;
  let jpeg: Buffer;
  const ids = {
    spareCategory: '',
    activeListing: '',
    activeListingImages: [] as string[],
    othersListing: '',
    draft: '',
    waiting: [] as string[],
    doomedListing: '',
    freshPhotos: [] as string[],
    doomedPhoto: '',
    avatar: '',
    conversation: '',
    othersConversation: '',
  };
  const queuePrefix = `${process.env.QUEUE_PREFIX}_hostile`;
  let requestCount = 0;

  beforeAll(async () => {
    [database, payme] = await Promise.all([ownTestDatabase('hostile'), startFakePayme({ ...PAYME, cards: [{ ...TEST_CARD }] })]);
    app = await listingsApp({
      DATABASE_URL: database.url,
      QUEUE_PREFIX: queuePrefix,
      // An empty catalogue keeps the fingerprints small; the test brings its own devices.
      DEVICE_SEED_DIR: mkdtempSync(join(tmpdir(), 'hostile-seed-')),
      DEVICE_SPEC_WAIT_MS: '0',
      PAYME_BASE_URL: payme.url,
      PAYME_MERCHANT_ID: PAYME.merchantId,
      PAYME_KEY: PAYME.key,
      // Deep links need a bot; the API itself never calls Telegram.
      TELEGRAM_BOT_TOKEN: '4242:HOSTILE',
      TELEGRAM_BOT_USERNAME: 'telefon_bozor_bot',
      TELEGRAM_API_URL: 'http://127.0.0.1:9',
    });
    await app.listen(0, '127.0.0.1');
    const dataSource = app.get(DataSource);
    [seller, admin, otherSeller] = await Promise.all([
      createSignedInUser(app, { balance: 1_000_000 }),
      createSignedInUser(app, { role: 'admin' }),
      createSignedInUser(app),
    ]);
    brand = await testBrand(app, 'Hostile');
    jpeg = await cameraJpeg(1);
    const [spare] = await dataSource.query(`INSERT INTO categories (name, color, number) VALUES ('Spare', '#abcdef', 901) RETURNING id`);
    ids.spareCategory = spare.id;
    ids.activeListing = await insertListing(dataSource, { authorId: seller.id, status: 'active' });
    ids.activeListingImages = (
      await dataSource.query(`SELECT image_id FROM listing_image WHERE listing_id = $1 ORDER BY position`, [ids.activeListing])
    ).map((row: { image_id: string }) => row.image_id);
    ids.othersListing = await insertListing(dataSource, { authorId: otherSeller.id, status: 'active' });
    ids.draft = await insertListing(dataSource, { authorId: seller.id, status: 'draft' });
    ids.waiting = await Promise.all([1, 2].map(() => insertListing(dataSource, { authorId: otherSeller.id, status: 'waiting' })));
    ids.doomedListing = await insertListing(dataSource, { authorId: seller.id, status: 'noActive' });
    // The seller's conversation with a buyer, and one of two others the seller is no part of.
    const talk = (buyer: TestUser, listingId: string) =>
      request(app.getHttpServer()).post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId, text: 'Salom, bormi?' }).expect(201);
    ids.conversation = (await talk(otherSeller, await insertListing(dataSource, { authorId: seller.id, status: 'active' }))).body.id;
    ids.othersConversation = (await talk(admin, ids.othersListing)).body.id;
    ids.freshPhotos = await uploadPhotos(app, seller.cookie, 2);
    [ids.doomedPhoto] = await uploadPhotos(app, seller.cookie, 1);
    ids.avatar = (await request(app.getHttpServer()).post('/api/upload').set('Cookie', seller.cookie).attach('image', jpeg, 'me.jpg').expect(201))
      .body._id;
    sms = smsOutbox(app);
    const tables = await databaseFingerprinter(dataSource);
    // Views counted by a request are written in batches, later: written here, they show as that request's own change.
    fingerprint = async () => {
      await app.get(ListingCountersService).writeCountsNow();
      return tables();
    };
  });

  afterAll(async () => {
    await app?.close();
    await payme?.close();
    await database?.drop();
  });

  beforeEach(async () => {
    // Limits would answer 429 before validation ever sees a valid-looking body.
    const redis = app.get(RedisClient);
    const limitKeys = await redis.keys(`${queuePrefix}:limit:*`);
    if (limitKeys.length) await redis.del(...limitKeys);
    baseline = await fingerprint();
  });

  const newPhone = randomTestPhone();
  const validProfile = () => ({
    name: 'Aziz',
    surname: 'Karimov',
    username: 'aziz.k',
    email: 'aziz@example.uz',
    phoneNumber: seller.phoneNumber,
    country: 'uz',
    region: 'toshkent',
    telegramUsername: '@aziz_seller',
  });
  const validCategory = () => ({ name: 'Hostile brand', color: '#123456', number: 5, description: 'A brand', image: null });
  const validDraft = () => ({ device: brand.phone.id, price: '4 500 000', description: 'Yaxshi', region: 'toshkent', images: [], step: 3 });

  const targets: Target[] = [
    { method: 'post', path: '/api/auth/login', access: 'public', body: () => ({ phoneNumber: newPhone }) },
    { method: 'post', path: '/api/auth/auth', access: 'public', body: () => ({ phoneNumber: seller.phoneNumber, password: 'not-the-password' }) },
    { method: 'post', path: '/api/auth/logout', access: 'public', callers: ['anonymous', 'forged'] },
    { method: 'post', path: '/api/auth/reset-password', access: 'public', body: () => ({ phoneNumber: seller.phoneNumber }) },
    { method: 'post', path: '/api/auth/check-sms-code', access: 'public', body: () => ({ phoneNumber: seller.phoneNumber, code: '12345' }) },
    {
      method: 'post',
      path: '/api/auth/reset-password-with-token',
      access: 'public',
      body: () => ({ phoneNumber: seller.phoneNumber, token: 'not-a-token', password: 'secret-123', confirmPassword: 'secret-123' }),
    },
    {
      method: 'post',
      path: '/api/auth/register',
      access: 'public',
      body: () => ({ name: 'Aziz Karimov', phoneNumber: randomTestPhone(), password: 'secret-123', confirmPassword: 'secret-123', agree: true }),
    },
    { method: 'post', path: '/api/auth/register/confirm', access: 'public', body: () => ({ phoneNumber: newPhone, code: '12345' }) },

    { method: 'get', path: '/api/user', access: 'signedIn' },
    { method: 'put', path: '/api/user/:id', access: 'signedIn', body: validProfile, ids: () => [seller.id, otherSeller.id, admin.id] },
    { method: 'post', path: '/api/user/:id/confirm-phone', access: 'signedIn', body: () => ({ code: '12345' }), ids: () => [seller.id, otherSeller.id] },
    { method: 'get', path: '/api/user/balance-history', access: 'signedIn', query: ['page'], queryValues: () => ['1', '2'] },
    { method: 'post', path: '/api/user/telegram/link', access: 'signedIn', body: () => ({ language: 'ru' }) },
    { method: 'get', path: '/api/user/telegram', access: 'signedIn' },
    { method: 'delete', path: '/api/user/telegram', access: 'signedIn' },

    { method: 'get', path: '/api/category', access: 'public' },
    { method: 'post', path: '/api/category', access: 'admin', body: validCategory },
    { method: 'put', path: '/api/category/:id', access: 'admin', body: validCategory, ids: () => [brand.id] },

    { method: 'post', path: '/api/upload', access: 'signedIn', multipart: 'files', runs: 20 },
    { method: 'post', path: '/api/uploadImg', access: 'admin', multipart: 'image', runs: 20 },
    { method: 'delete', path: '/api/upload', access: 'signedIn', body: () => ({ _id: ids.doomedPhoto }) },
    { method: 'delete', path: '/api/uploadImg', access: 'signedIn', body: () => ({ _id: ids.avatar }) },

    { method: 'get', path: '/api/payments/uzcard/mode', access: 'public' },
    {
      method: 'post',
      path: '/api/payments/uzcard/createTransaction',
      access: 'signedIn',
      body: () => ({ amount: 10_000, cardNumber: '8600 0691 9540 6311', expireDate: '9903' }),
    },
    {
      method: 'post',
      path: '/api/payments/uzcard/confirmTransaction',
      access: 'signedIn',
      body: () => ({ transactionId: '6f1c1d7e-5b8a-4c1e-9a55-0b7f4a8e2c11', otp: '666666' }),
    },
    { method: 'get', path: '/api/payments/uzcard/transactions/:id', access: 'signedIn', ids: () => ['6f1c1d7e-5b8a-4c1e-9a55-0b7f4a8e2c11'] },

    {
      method: 'get',
      path: '/api/phone',
      access: 'public',
      query: ['page', 'brand', 'region', 'minPrice', 'maxPrice', 'name', 'sort', 'limit'],
      queryValues: () => ['2', brand.id, brand.name, 'toshkent', '1000000', 'Nova'],
    },
    { method: 'get', path: '/api/phone/my', access: 'signedIn' },
    { method: 'get', path: '/api/phone/:id', access: 'public', ids: () => [ids.activeListing, ids.draft, ids.othersListing, ids.waiting[0]] },
    { method: 'get', path: '/api/phone/:id/contact', access: 'public', ids: () => [ids.activeListing, ids.othersListing, ids.draft] },
    { method: 'post', path: '/api/phone', access: 'signedIn', body: () => wizardPayload(brand.phone, ids.freshPhotos) },
    { method: 'post', path: '/api/phone/draft', access: 'signedIn', body: validDraft },
    { method: 'put', path: '/api/phone/draft/:id', access: 'signedIn', body: validDraft, ids: () => [ids.draft, ids.activeListing] },
    {
      method: 'put',
      path: '/api/phone/:id',
      access: 'signedIn',
      body: () => wizardPayload(brand.phone, ids.activeListingImages),
      ids: () => [ids.activeListing, ids.othersListing],
    },
    { method: 'post', path: '/api/phone/:id/off-sale', access: 'signedIn', ids: () => [ids.activeListing, ids.othersListing] },
    { method: 'post', path: '/api/phone/:id/on-sale', access: 'signedIn', ids: () => [ids.activeListing, ids.draft] },
    { method: 'delete', path: '/api/phone/:id', access: 'signedIn', ids: () => [ids.doomedListing, ids.othersListing] },

    { method: 'get', path: '/api/phone/waiting', access: 'admin', query: ['status', 'page'], queryValues: () => ['active', 'draft', '2'] },
    { method: 'post', path: '/api/phone/confirm', access: 'admin', body: () => ({ id: ids.waiting[0] }) },
    { method: 'post', path: '/api/phone/reject', access: 'admin', body: () => ({ id: ids.waiting[1], reason: 'other', text: 'Blurry photos' }) },

    { method: 'post', path: '/api/phone/find-device', access: 'public', body: () => ({ name: 'Nova 12' }) },
    { method: 'get', path: '/api/phone/top-searched-devices', access: 'public' },
    { method: 'get', path: '/api/phone/searched-user-count', access: 'public', query: ['id'], queryValues: () => [brand.phone.id] },
    { method: 'post', path: '/api/phone/update-device-spec', access: 'signedIn', body: () => ({ id: brand.bare.id }) },
    {
      method: 'post',
      path: '/api/phone/device',
      access: 'admin',
      body: () => ({ name: 'Hostile Phone 1', categoryId: brand.id, sourcePath: 'hostile_phone_1-12345.php' }),
    },
    { method: 'delete', path: '/api/category/:id', access: 'admin', ids: () => [ids.spareCategory, brand.id] },

    { method: 'post', path: '/api/conversations', access: 'signedIn', body: () => ({ listingId: ids.othersListing, text: 'Salom, bormi?' }) },
    { method: 'get', path: '/api/conversations', access: 'signedIn', query: ['page'], queryValues: () => ['1', '2'] },
    ...(['get', 'post'] as const).map((method) => ({
      method,
      path: '/api/conversations/:id/messages',
      access: 'signedIn' as const,
      ...(method === 'get' ? { query: ['before'], queryValues: () => ['1', '2'] } : { body: () => ({ text: 'Hali bormi?', images: [] }) }),
      ids: () => [ids.conversation, ids.othersConversation],
    })),
    ...['read', 'block', 'unblock'].map((action) => ({
      method: 'post' as const,
      path: `/api/conversations/:id/${action}`,
      access: 'signedIn' as const,
      ids: () => [ids.conversation, ids.othersConversation],
    })),
    {
      method: 'post',
      path: '/api/conversations/:id/report',
      access: 'signedIn',
      body: () => ({ reason: 'other', text: 'Karta so‘radi' }),
      ids: () => [ids.conversation, ids.othersConversation],
    },
    { method: 'get', path: '/api/admin/conversations/reported', access: 'admin', query: ['page'], queryValues: () => ['1', '2'] },
    {
      method: 'get',
      path: '/api/admin/conversations/:id/messages',
      access: 'admin',
      query: ['before'],
      queryValues: () => ['1', '2'],
      ids: () => [ids.conversation, ids.othersConversation],
    },
    { method: 'get', path: '/api/notifications', access: 'signedIn', query: ['page'], queryValues: () => ['1', '2'] },
    { method: 'post', path: '/api/notifications/read', access: 'signedIn', body: () => ({ upTo: 1 }) },
    { method: 'get', path: '/api/health', access: 'public' },
  ];

  function callers(target: Target): fc.Arbitrary<HostileRequest['caller']> {
    const weights = CALLER_WEIGHTS[target.access];
    const kinds = (target.callers ?? (Object.keys(weights) as Caller[])).map((kind) => ({
      weight: weights[kind],
      arbitrary: fc.constant(kind),
    }));
    const cookieOf = { user: seller.cookie, admin: admin.cookie, anonymous: undefined };
    return fc
      .oneof(...kinds)
      .chain((kind): fc.Arbitrary<HostileRequest['caller']> =>
        kind === 'forged'
          ? fc
              .tuple(hostileText(), fc.constantFrom('session=', 'session =', 'session\t= ', ' session= '))
              .map(([token, name]) => ({ kind, cookie: `${name}${urlEncoded(token)}` }))
          : fc.constant({ kind, cookie: cookieOf[kind] }),
      );
  }

  function hostileRequests(target: Target): fc.Arbitrary<HostileRequest> {
    const body: fc.Arbitrary<HostileRequest['body']> = target.multipart
      ? fc.oneof({ weight: 3, arbitrary: hostileMultipart(target.multipart, jpeg) }, { weight: 1, arbitrary: hostileBody(undefined) })
      : target.method === 'get'
        ? fc.oneof({ weight: 4, arbitrary: fc.constant<WireBody>({ kind: 'none' }) }, { weight: 1, arbitrary: hostileBody(undefined) })
        : hostileBody(target.body?.());
    return fc.record({
      caller: callers(target),
      id: target.path.includes(':id') ? hostileId(target.ids?.() ?? []) : fc.constant(''),
      query: hostileQuery(target.query ?? [], target.queryValues?.()),
      body,
    });
  }

  function send(target: Target, input: HostileRequest): Promise<Response> {
    requestCount++;
    const url = target.path.replace(':id', input.id) + input.query;
    let call = request(app.getHttpServer())[target.method](url)
      .timeout(5_000)
      // A different address for each request: the per-IP limits stay out of the way.
      .set('X-Forwarded-For', `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`);
    if (input.caller.cookie) call = call.set('Cookie', input.caller.cookie);
    const { body } = input;
    switch (body.kind) {
      case 'json':
        return call.set('Content-Type', 'application/json').send(jsonText(body.value));
      case 'text':
        return call.set('Content-Type', body.contentType).send(body.text);
      case 'form':
        return call.type('form').send(body.fields);
      case 'multipart':
        for (const file of body.files) call = call.attach(file.field, file.content, { filename: file.filename, contentType: file.contentType });
        for (const [name, value] of body.fields) call = call.field(name, value);
        return call;
      case 'none':
        return call;
    }
  }

  function expectTranslatedError(response: Response): void {
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const envelope = errorEnvelopeSchema.parse(response.body);
    expect(isMessageKey(envelope.code)).toBe(true);
    expect(envelope.code).not.toBe('serverNotWorking');
    for (const text of Object.values(envelope.message)) expect(text.trim()).not.toBe('');
    for (const key of Object.values(envelope.fields ?? {})) expect(isMessageKey(key)).toBe(true);
  }

  it('refuses text PostgreSQL cannot keep (NUL, a lone surrogate) as an invalid field, before any query', async () => {
    const server = app.getHttpServer();
    for (const text of ['Galaxy\u0000', 'Galaxy \uDC00']) {
      const search = await request(server).post('/api/phone/find-device').send({ name: text }).expect(400);
      expect(search.body.fields).toEqual({ name: 'invalidValue' });
      const feed = await request(server).get(`/api/phone?name=${urlEncoded(text.replace('\uDC00', '\u0000'))}`).expect(400);
      expect(feed.body.fields).toEqual({ name: 'invalidValue' });
      const rejection = await request(server)
        .post('/api/phone/reject')
        .set('Cookie', admin.cookie)
        .send({ id: ids.waiting[1], reason: 'other', text })
        .expect(400);
      expect(rejection.body.fields).toEqual({ text: 'invalidValue' });
    }
  });

  it('answers JSON in a charset other than UTF with 415 "format not supported", not "server error"', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/auth/login')
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{"phoneNumber":"998901234567"}')
      .expect(415);
    expect(response.body).toMatchObject({ code: 'unsupportedMediaType', message: { en: 'The request format is not supported' } });
  });

  it('refuses an empty file as not an image, for listing photos, avatars and category images', async () => {
    const empty = { filename: 'photo.jpg', contentType: 'image/jpeg' };
    const server = app.getHttpServer();
    for (const [path, field, cookie] of [
      ['/api/upload', 'files', seller.cookie],
      ['/api/upload', 'image', seller.cookie],
      ['/api/uploadImg', 'image', admin.cookie],
    ]) {
      const response = await request(server).post(path).set('Cookie', cookie).attach(field, Buffer.alloc(0), empty).expect(400);
      expect(response.body.code).toBe('notAnImage');
    }
  });

  it("refuses every change a page of another site asks in a signed-in admin's browser, and changes nothing", async () => {
    for (const target of targets.filter((candidate) => candidate.method !== 'get')) {
      const before = baseline;
      const smsBefore = sms.sent.length;
      const path = target.path.replace(':id', target.ids?.()[0] ?? '');
      let call = request(app.getHttpServer())[target.method](path)
        .set('Cookie', admin.cookie)
        .set('Origin', 'https://telefon-bozor.example')
        .set('Sec-Fetch-Site', 'cross-site');
      if (target.multipart) call = call.attach(target.multipart, jpeg, 'photo.jpg');
      else if (target.body) call = call.send(target.body());
      const response = await call;
      baseline = await fingerprint();
      expect({ path: target.path, status: response.status, code: response.body.code }).toEqual({
        path: target.path,
        status: 403,
        code: 'foreignOrigin',
      });
      expect(changedTables(before, baseline)).toEqual([]);
      expect(sms.sent.length).toBe(smsBefore);
    }
  });

  it('refuses what an upload route does not take, names no field the client made up, and keeps no file', async () => {
    const server = app.getHttpServer();
    const upload = (path: string, cookie: string) => request(server).post(path).set('Cookie', cookie);
    const refusals: [ReturnType<typeof upload>, string, Record<string, string> | undefined][] = [
      [upload('/api/upload', seller.cookie).attach('image', jpeg, 'me.jpg').field('note', 'hi'), 'unexpectedField', undefined],
      [upload('/api/upload', seller.cookie).attach('__proto__', jpeg, 'x.jpg'), 'unexpectedField', undefined],
      [upload('/api/upload', seller.cookie).attach('x'.repeat(200), jpeg, 'x.jpg'), 'unexpectedField', undefined],
      [upload('/api/upload', seller.cookie).attach('image', jpeg, 'a.jpg').attach('image', jpeg, 'b.jpg'), 'unexpectedField', { image: 'unexpectedField' }],
      [upload('/api/upload', seller.cookie).attach('image', jpeg, 'a.jpg').attach('files', jpeg, 'b.jpg'), 'unexpectedField', { files: 'unexpectedField' }],
      [
        Array.from({ length: 9 }).reduce<ReturnType<typeof upload>>((call, _, n) => call.attach('files', jpeg, `${n}.jpg`), upload('/api/upload', seller.cookie)),
        'photosMax',
        { files: 'photosMax' },
      ],
      [upload('/api/uploadImg', admin.cookie).attach('image', jpeg, 'c.jpg').field('__proto__', 'polluted'), 'unexpectedField', undefined],
      [upload('/api/upload', seller.cookie).set('Content-Type', 'multipart/form-data').send('no boundary'), 'validationFailed', undefined],
    ];
    for (const [call, code, fields] of refusals) {
      const before = baseline;
      const response = await call;
      baseline = await fingerprint();
      expect(response.status).toBe(400);
      expectTranslatedError(response);
      expect({ code: response.body.code, fields: response.body.fields }).toEqual({ code, fields });
      expect(changedTables(before, baseline)).toEqual([]);
    }
    expect(await readdir(app.get(TemporaryUploadFiles).directory)).toEqual([]);
  });

  it('texts no number but an Uzbek mobile one (no SMS pumping), however it is written', async () => {
    const server = app.getHttpServer();
    const numbers = ['447911123456', '000000000000', '998711234567', '998551234567', '998921234567', '+44 7911 123456', '00998901234567', 998901234567];
    for (const phoneNumber of numbers) {
      for (const path of ['/api/auth/login', '/api/auth/reset-password']) {
        const before = baseline;
        const smsBefore = sms.sent.length;
        const response = await request(server).post(path).send({ phoneNumber });
        baseline = await fingerprint();
        expect({ phoneNumber, path, status: response.status }).toEqual({ phoneNumber, path, status: 400 });
        expectTranslatedError(response);
        expect(['phoneNotUzbekMobile', 'completeFull', 'required', 'invalidValue']).toContain(response.body.fields?.phoneNumber);
        expect(changedTables(before, baseline)).toEqual([]);
        expect(sms.sent.length).toBe(smsBefore);
      }
    }
  });

  describe.each(targets)('$method $path', (target) => {
    it('answers every hostile request, never with a 5xx, and a refusal changes nothing', async () => {
      await fc.assert(
        fc.asyncProperty(hostileRequests(target), async (input) => {
          const before = baseline;
          const smsBefore = sms.sent.length;
          const gatewayCallsBefore = payme.calls.length;
          const response = await send(target, input);
          baseline = await fingerprint();
          expect(response.status).toBeGreaterThanOrEqual(200);
          expect(response.status).toBeLessThan(500);
          expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTOTYPE_KEYS);
          if (response.status < 400) return;
          expectTranslatedError(response);
          expect({
            changedTables: changedTables(before, baseline),
            smsRequested: sms.sent.length - smsBefore,
            cardGatewayCalls: payme.calls.slice(gatewayCallsBefore).map((call) => call.method),
          }).toEqual({ changedTables: [], smsRequested: 0, cardGatewayCalls: [] });
        }),
        { seed: SEED, numRuns: target.runs ?? RUNS },
      );
    }, 60_000);
  });
});
