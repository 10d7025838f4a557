import type { INestApplication } from '@nestjs/common';
import { deviceColors, deviceMemoryOptions, REVIEW_THRESHOLD, type MemoryOption, type SpecSection } from '@market/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ownTestDatabase } from '../../test/support/database';
import { approve, checkListings, detailedPhoto, freshImei, listingsApp, signedInUser, uploadPhotos, waitingTab, wizardPayload } from './listings-support';
import { HONEST, SCAMS, type CorpusListing, type Scam } from './trust-corpus';

type Seller = { id: string; cookie: string };

describe('the trust corpus: every scam carries its reason and ranks above every honest listing (issue 35)', () => {
  let app: INestApplication;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let dataSource: DataSource;
  let admin: Seller;
  let accounts = 0;
  const server = () => app.getHttpServer();
  /** Phone numbers of this file: 99877195xxxx. */
  const newSeller = () => signedInUser(app, `99877195${String(++accounts).padStart(4, '0')}`);

  beforeAll(async () => {
    // A database of its own: the catalogue as shipped, no other file's listings in the price guide or the queue.
    database = await ownTestDatabase('trust_corpus');
    app = await listingsApp({ DATABASE_URL: database.url });
    dataSource = app.get(DataSource);
    admin = await newSeller();
    await dataSource.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  async function catalogueModel(name: string): Promise<{ id: string; categoryId: string; memory: MemoryOption[]; colors: string[] }> {
    const [row]: { id: string; category_id: string; detail_spec: SpecSection[] }[] = await dataSource.query(
      `SELECT id, category_id, detail_spec FROM devices WHERE name = $1`,
      [name],
    );
    if (!row) throw new Error(`${name} is not in the catalogue`);
    return { id: row.id, categoryId: row.category_id, memory: deviceMemoryOptions({ detailSpec: row.detail_spec }), colors: deviceColors({ detailSpec: row.detail_spec }) };
  }

  /** The wizard's payload for `listing`, as its seller fills it in. */
  async function payloadOf(listing: CorpusListing, images: string[], imei = [freshImei()]): Promise<Record<string, unknown>> {
    const device = await catalogueModel(listing.model);
    return wizardPayload({ ...device, name: listing.model, memory: [], colors: [] }, images, {
      ram: device.memory[0]?.ram ?? null,
      storage: device.memory[0]?.storage ?? null,
      color: device.colors[0] ?? null,
      price: listing.price,
      description: listing.description,
      authorName: listing.authorName ?? 'Aziz',
      imei,
      ...(listing.isNew && { condition: true, grade: null, battery: null }),
      ...(listing.typedModel && { device: '', ram: null, storage: null, color: null, customModel: { brand: device.categoryId, name: listing.typedModel } }),
    });
  }
  async function post(seller: Seller, payload: Record<string, unknown>): Promise<string> {
    const { body } = await request(server()).post('/api/phone').set('Cookie', seller.cookie).send(payload).expect(201);
    return body._id;
  }
  async function upload(seller: Seller, photo: Buffer): Promise<string> {
    const { body } = await request(server()).post('/api/upload').set('Cookie', seller.cookie).attach('files', photo, 'photo.jpg').expect(201);
    return body[0]._id;
  }
  /** Another seller's listing of the same model, on sale: the phone or photo a scam takes. */
  async function original(listing: CorpusListing, imei: string[], photo?: Buffer): Promise<{ id: string; seller: Seller }> {
    const seller = await newSeller();
    const images = photo ? [await upload(seller, photo)] : await uploadPhotos(app, seller.cookie, 1);
    const id = await post(seller, await payloadOf({ ...listing, description: 'Yaxshi holatda', price: listing.price + 300_000 }, images, imei));
    await approve(app, id);
    return { id, seller };
  }

  let photos = 0;
  let flooder: Seller | undefined;
  async function postScam(scam: Scam): Promise<string> {
    const seller = scam.setup === 'flood' ? (flooder ??= await newSeller()) : await newSeller();
    const imei = [freshImei()];
    let images = await uploadPhotos(app, seller.cookie, 1);
    switch (scam.setup) {
      case 'imeiOfAnotherSeller':
        await original(scam, imei);
        break;
      case 'imeiOfOwnOtherModel':
        await approve(app, await post(seller, await payloadOf({ model: 'Samsung Galaxy A15', price: 1_500_000, description: 'Yaxshi' }, await uploadPhotos(app, seller.cookie, 1), imei)));
        break;
      case 'imeiOfSold': {
        const sold = await original(scam, imei);
        await request(server()).post(`/api/phone/${sold.id}/sold`).set('Cookie', sold.seller.cookie).send({}).expect(200);
        break;
      }
      case 'photoOfAnotherSeller': {
        const photo = await detailedPhoto(300 + ++photos);
        await original(scam, [freshImei()], photo);
        // Saved from the listing's page, shrunk and recompressed.
        images = [await upload(seller, await sharp(photo).resize(900).jpeg({ quality: 60 }).toBuffer())];
        break;
      }
    }
    const payload = await payloadOf(scam, images, imei);
    const id = await post(seller, payload);
    if (scam.setup === 'amendAfterApproval') {
      await approve(app, id);
      const amended = await payloadOf({ ...scam, ...scam.amend }, images, imei);
      const { body } = await request(server()).put(`/api/phone/${id}`).set('Cookie', seller.cookie).send(amended).expect(200);
      expect(body.status).toBe('waiting');
    }
    return id;
  }

  it(`ranks ${SCAMS.length} scams above ${HONEST.length} honest listings, each scam with its reason, no honest listing at the review threshold`, async () => {
    expect(SCAMS.length).toBeGreaterThanOrEqual(40);
    expect(HONEST.length).toBeGreaterThanOrEqual(40);
    const honestIds: string[] = [];
    for (const listing of HONEST) {
      const seller = await newSeller();
      honestIds.push(await post(seller, await payloadOf(listing, await uploadPhotos(app, seller.cookie, 1))));
    }
    const scamIds: string[] = [];
    for (const scam of SCAMS) scamIds.push(await postScam(scam));

    await checkListings(app, [...honestIds, ...scamIds]);
    const cards = await waitingTab(app, admin.cookie);
    const position = new Map(cards.map((card, index) => [card._id, index]));
    const cardOf = (id: string) => cards[position.get(id)!];

    const missed = SCAMS.flatMap((scam, index) => {
      const card = cardOf(scamIds[index]);
      const caught = card && card.riskScore >= REVIEW_THRESHOLD && card.checks.some((check) => check.kind === scam.reason);
      return caught ? [] : [{ scam: scam.description, reason: scam.reason, found: card?.checks, score: card?.riskScore }];
    });
    expect(missed).toEqual([]);
    const flagged = HONEST.flatMap((listing, index) => {
      const card = cardOf(honestIds[index]);
      return card.riskScore < REVIEW_THRESHOLD ? [] : [{ honest: listing.description, found: card.checks }];
    });
    expect(flagged).toEqual([]);
    const lastScam = Math.max(...scamIds.map((id) => position.get(id)!));
    const firstHonest = Math.min(...honestIds.map((id) => position.get(id)!));
    expect(lastScam).toBeLessThan(firstHonest);
  }, 180_000);
});
