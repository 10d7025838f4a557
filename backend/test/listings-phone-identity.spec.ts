import type { INestApplication } from '@nestjs/common';
import type { ListingCard, ModerationCard } from '@market/contracts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { approve, checkListings, freshImei, listingsApp, signedInUser, testBrand, uploadPhotos, wizardPayload } from './listings-support';

/** Phone numbers of this file: 99877193xxxx. */
const phone = (n: number) => `99877193${String(n).padStart(4, '0')}`;

describe('IMEI, UZIMEI, condition grade and battery health (issue 22)', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let brand: Awaited<ReturnType<typeof testBrand>>;
  let admin: { id: string; cookie: string };
  let seller: { id: string; cookie: string };
  const server = () => app.getHttpServer();

  beforeAll(async () => {
    // The built frontend's page, so that the shareable listing pages are served too.
    const dist = mkdtempSync(join(tmpdir(), 'frontend-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="uz"><head><title>Telefon bozor</title></head><body><div id="root"></div></body></html>');
    app = await listingsApp({ SERVE_FRONTEND: 'true', FRONTEND_DIST: dist });
    dataSource = app.get(DataSource);
    brand = await testBrand(app, 'Imei');
    admin = await signedInUser(app, phone(1), 'admin');
    seller = await signedInUser(app, phone(2));
  });
  afterAll(() => app.close());

  async function post(cookie: string, overrides: Record<string, unknown>, status: number) {
    const images = await uploadPhotos(app, cookie, 1);
    return request(server()).post('/api/phone').set('Cookie', cookie).send(wizardPayload(brand.phone, images, overrides)).expect(status);
  }
  const listingCount = async () => (await dataSource.query(`SELECT count(*)::int AS n FROM listing WHERE author_id = $1`, [seller.id]))[0].n as number;
  const waitingCard = async (id: string): Promise<ModerationCard | undefined> => {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const { body } = await request(server()).get(`/api/phone/waiting?status=waiting&page=${page}`).set('Cookie', admin.cookie).expect(200);
      const card = (body.phones as ModerationCard[]).find((candidate) => candidate._id === id);
      if (card) return card;
      pages = body.pages;
    }
    return undefined;
  };

  describe('refuses a payload breaking a rule, translated, creating nothing', () => {
    it.each([
      ['an IMEI of 14 digits', { imei: ['35209900176148'] }, { 'imei.0': 'imeiInvalid' }],
      ['an IMEI failing the Luhn check', { imei: ['352099001761482'] }, { 'imei.0': 'imeiCheckDigit' }],
      ['an IMEI with letters', { imei: ['35209900176148A'] }, { 'imei.0': 'imeiInvalid' }],
      ['three IMEIs', { imei: [freshImei(), freshImei(), freshImei()] }, { imei: 'imeiTooMany' }],
      ['the same IMEI twice', 'twice', { imei: 'imeiRepeated' }],
      ['no IMEI', { imei: [] }, { imei: 'required' }],
      ['no UZIMEI answer', { uzimeiRegistered: undefined }, { uzimeiRegistered: 'required' }],
      ['the instalment declaration not ticked', { noInstalmentDebt: false }, { noInstalmentDebt: 'instalmentDeclarationRequired' }],
      ['a used phone without a grade', { grade: null }, { grade: 'required' }],
      ['an unknown grade', { grade: 'D' }, { grade: 'invalidValue' }],
      ['a battery below 50 %', { battery: 49 }, { battery: 'batteryRange' }],
      ['a battery above 100 %', { battery: 101 }, { battery: 'batteryRange' }],
      ['a battery of letters', { battery: 'full' }, { battery: 'batteryRange' }],
    ])('%s', async (_case, change, fields) => {
      const imei = freshImei();
      const before = await listingCount();
      const response = await post(seller.cookie, change === 'twice' ? { imei: [imei, imei] } : (change as Record<string, unknown>), 400);
      expect(response.body.fields).toEqual(fields);
      expect(response.body.message.uz).toBeTruthy();
      expect(await listingCount()).toBe(before);
    });

    it('explains the IMEI rule in every language', async () => {
      const { body } = await post(seller.cookie, { imei: ['123'] }, 400);
      expect(body.fields).toEqual({ 'imei.0': 'imeiInvalid' });
      const texts = body.fieldMessages?.['imei.0'] ?? body.message;
      expect(texts).toEqual(expect.objectContaining({ uz: expect.any(String), ru: expect.any(String), en: expect.any(String) }));
    });
  });

  it('shows buyers only the last four digits of each IMEI; the author and moderators see them in full', async () => {
    const [first, second] = [freshImei(), freshImei()];
    const typed = `${first.slice(0, 8)} ${first.slice(8)}`;
    const created = await post(seller.cookie, { imei: [typed, second], uzimeiRegistered: false, grade: 'A', battery: '88' }, 201);
    const id = created.body._id as string;

    // Stored as keyed hashes, sealed and last four digits: no column holds a full number.
    const [row] = await dataSource.query(`SELECT row_to_json(l)::text AS stored, imei_last4 FROM listing l WHERE id = $1`, [id]);
    expect(row.imei_last4).toEqual([first.slice(-4), second.slice(-4)]);
    expect(row.stored).not.toContain(first);
    expect(row.stored).not.toContain(second);

    // The moderator's card has them in full, with the seller's declarations.
    expect(await waitingCard(id)).toMatchObject({ imei: [first, second], uzimeiRegistered: false, noInstalmentDebt: true, grade: 'A', battery: 88 });
    // The author resumes the wizard with them.
    const own = await request(server()).get(`/api/phone/${id}`).set('Cookie', seller.cookie).expect(200);
    expect(own.body.owner.form).toMatchObject({ imei: [first, second], uzimeiRegistered: false, noInstalmentDebt: true, grade: 'A', battery: 88 });

    await approve(app, id);
    const visitor = await request(server()).get(`/api/phone/${id}`).expect(200);
    expect(visitor.body).toMatchObject({ imeiLast4: [first.slice(-4), second.slice(-4)], uzimeiRegistered: false, grade: 'A', battery: 88 });
    expect(visitor.body.owner).toBeUndefined();
    const buyer = await signedInUser(app, phone(3));
    const signedIn = await request(server()).get(`/api/phone/${id}`).set('Cookie', buyer.cookie).expect(200);
    const feed = await request(server()).get('/api/phone').query({ brand: brand.id }).expect(200);
    expect((feed.body.phones as ListingCard[]).find((card) => card._id === id)).toMatchObject({ grade: 'A', battery: 88 });
    const sharePage = await request(server()).get(`/phone/${id}`).expect(200);
    for (const answer of [JSON.stringify(visitor.body), JSON.stringify(signedIn.body), JSON.stringify(feed.body), sharePage.text]) {
      expect(answer).not.toContain(first);
      expect(answer).not.toContain(second);
    }
  });

  it('keeps a draft without an IMEI, refuses a malformed one in it, and lets a new phone carry no grade or battery', async () => {
    const draft = await request(server())
      .post('/api/phone/draft')
      .set('Cookie', seller.cookie)
      .send({ device: brand.phone.id, step: 3 })
      .expect(201);
    const resumed = await request(server()).get(`/api/phone/${draft.body._id}`).set('Cookie', seller.cookie).expect(200);
    expect(resumed.body.owner.form).toMatchObject({ imei: [], uzimeiRegistered: null, noInstalmentDebt: false, grade: null, battery: null });
    const refused = await request(server()).post('/api/phone/draft').set('Cookie', seller.cookie).send({ step: 3, imei: ['111111111111111'] }).expect(400);
    expect(refused.body.fields).toEqual({ 'imei.0': 'imeiCheckDigit' });

    const fresh = await post(seller.cookie, { condition: true, grade: 'C', battery: 60 }, 201);
    const [row] = await dataSource.query(`SELECT grade, battery FROM listing WHERE id = $1`, [fresh.body._id]);
    expect(row).toEqual({ grade: null, battery: null });
  });

  it("flags the same IMEI in another seller's listing to moderators, with that listing, and not the seller's own or a deleted one", async () => {
    const imei = freshImei();
    const original = (await post(seller.cookie, { imei: [imei] }, 201)).body._id as string;
    await approve(app, original);
    const ownRepost = (await post(seller.cookie, { imei: [imei] }, 201)).body._id as string;
    await checkListings(app, [ownRepost]);
    expect((await waitingCard(ownRepost))?.checks.map((check) => check.kind)).not.toContain('duplicateImei');

    const other = await signedInUser(app, phone(4));
    const copy = (await post(other.cookie, { imei: [freshImei(), imei] }, 201)).body._id as string;
    const unrelated = (await post(other.cookie, {}, 201)).body._id as string;
    await checkListings(app, [copy, unrelated]);
    expect((await waitingCard(copy))?.checks).toContainEqual({ kind: 'duplicateImei', detail: original });
    expect((await waitingCard(copy))?.riskScore).toBeGreaterThanOrEqual(3);
    expect((await waitingCard(unrelated))?.checks.map((check) => check.kind)).not.toContain('duplicateImei');

    // Once the other listing is deleted, the copy is checked again (it changed) and no longer flagged.
    await request(server()).delete(`/api/phone/${original}`).set('Cookie', seller.cookie).expect(200);
    await request(server()).delete(`/api/phone/${ownRepost}`).set('Cookie', seller.cookie).expect(200);
    await dataSource.query(`UPDATE listing SET updated_at = now() WHERE id = $1`, [copy]);
    await checkListings(app, [copy]);
    expect((await waitingCard(copy))?.checks.map((check) => check.kind)).not.toContain('duplicateImei');
  });

  it('filters the feed by grade and least battery health, from the address as typed', async () => {
    const filters = await testBrand(app, 'Grade');
    const ids: Record<string, string> = {};
    for (const [label, grade, battery] of [
      ['a95', 'A', 95],
      ['a80', 'A', 80],
      ['b90', 'B', 90],
      ['cNone', 'C', null],
    ] as const) {
      const images = await uploadPhotos(app, seller.cookie, 1);
      const created = await request(server())
        .post('/api/phone')
        .set('Cookie', seller.cookie)
        .send(wizardPayload(filters.phone, images, { grade, battery }))
        .expect(201);
      ids[label] = created.body._id;
      await approve(app, ids[label]);
    }
    // An older listing without grade or battery still shows, and only where no grade or battery is asked for.
    await dataSource.query(`UPDATE listing SET grade = NULL, battery = NULL, imei_hash = '{}', imei_sealed = '{}', imei_last4 = '{}' WHERE id = $1`, [ids.cNone]);
    const feed = async (query: Record<string, string>) => {
      const { body } = await request(server()).get('/api/phone').query({ brand: filters.id, ...query }).expect(200);
      return { ids: (body.phones as ListingCard[]).map((card) => card._id).sort(), pages: body.pages as number };
    };
    expect((await feed({})).ids).toEqual(Object.values(ids).sort());
    expect((await feed({ grade: 'A' })).ids).toEqual([ids.a95, ids.a80].sort());
    expect((await feed({ grade: 'a' })).ids).toEqual([ids.a95, ids.a80].sort());
    expect((await feed({ minBattery: '85' })).ids).toEqual([ids.a95, ids.b90].sort());
    expect(await feed({ grade: 'A', minBattery: '85' })).toEqual({ ids: [ids.a95], pages: 1 });
    // A filter that cannot be read is no filter.
    expect((await feed({ grade: 'Z', minBattery: 'lots' })).ids).toEqual(Object.values(ids).sort());
    const old = await request(server()).get(`/api/phone/${ids.cNone}`).expect(200);
    expect(old.body).toMatchObject({ imeiLast4: [], grade: null, battery: null });
  });
});
