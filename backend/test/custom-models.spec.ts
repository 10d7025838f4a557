import type { ModerationCard } from '@market/contracts';
import { approve, checkListings, listingsAppForThisFile, signedInUser, testBrand, uploadPhotos, wizardPayload, type TestDevice } from './listings-support';

/** Phone numbers of this file: 99877193xxxx. */
const phone = (n: number) => `99877193${String(n).padStart(4, '0')}`;

describe("'Boshqa model': a listing for a model the catalogue lacks (issue 18)", () => {
  const site = listingsAppForThisFile();
  const { http } = site;
  let admin: { id: string; cookie: string };
  let brand: { id: string; name: string; phone: TestDevice };

  beforeAll(async () => {
    admin = await signedInUser(site.app, phone(1), 'admin');
    brand = await testBrand(site.app, 'Boshqa');
  });

  /** A listing typed as `model` in the test brand, through the wizard's `POST /api/phone`. */
  async function sell(cookie: string, model: string): Promise<string> {
    const images = await uploadPhotos(site.app, cookie, 1);
    const payload = wizardPayload(brand.phone, images, { device: '', ram: null, storage: null, color: null, customModel: { brand: brand.id, name: model } });
    const { body } = await http().post('/api/phone').set('Cookie', cookie).send(payload).expect(201);
    return body._id as string;
  }
  async function card(listingId: string): Promise<ModerationCard | undefined> {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const { body } = await http().get(`/api/phone/waiting?status=waiting&page=${page}`).set('Cookie', admin.cookie).expect(200);
      const found = (body.phones as ModerationCard[]).find((candidate) => candidate._id === listingId);
      if (found) return found;
      pages = body.pages;
    }
    return undefined;
  }

  it('takes a typed model within a brand to moderation, named after it and marked as not in the catalogue', async () => {
    const seller = await signedInUser(site.app, phone(2));
    const listingId = await sell(seller.cookie, ' Zenit 40 Pro+ ');

    const [row] = await site.dataSource.query(`SELECT device_id, category_id, custom_model, name, status FROM listing WHERE id = $1`, [listingId]);
    expect(row).toEqual({ device_id: null, category_id: brand.id, custom_model: 'Zenit 40 Pro+', name: `${brand.name} Zenit 40 Pro+`, status: 'waiting' });
    expect(await card(listingId)).toMatchObject({ name: `${brand.name} Zenit 40 Pro+`, customModel: { name: `${brand.name} Zenit 40 Pro+`, brand: brand.name } });

    await checkListings(site.app, [listingId]);
    expect((await card(listingId))?.checks).toContainEqual({ kind: 'customModel', detail: `${brand.name} Zenit 40 Pro+` });

    // The detail names the typed model; the author's wizard gets it back to edit.
    const detail = await http().get(`/api/phone/${listingId}`).set('Cookie', seller.cookie).expect(200);
    expect(detail.body).toMatchObject({ name: `${brand.name} Zenit 40 Pro+`, device: null });
    expect(detail.body.owner.form).toMatchObject({ device: null, customModel: { brand: brand.id, name: 'Zenit 40 Pro+' } });
  });

  it('refuses a bad model name, no brand, or a device and a typed model at once, with a translated error, saving nothing', async () => {
    const seller = await signedInUser(site.app, phone(3));
    const images = await uploadPhotos(site.app, seller.cookie, 1);
    const count = async () => (await site.dataSource.query(`SELECT count(*)::int AS n FROM listing WHERE author_id = $1`, [seller.id]))[0].n;
    const refused = async (overrides: Record<string, unknown>) =>
      (await http().post('/api/phone').set('Cookie', seller.cookie).send(wizardPayload(brand.phone, images, overrides)).expect(400)).body;

    const typed = (name: string) => ({ device: '', customModel: { brand: brand.id, name } });
    for (const name of ['x', '<script>', 'Spark 40; DROP', 'a'.repeat(61), '   ']) {
      const body = await refused(typed(name));
      expect(body.fields).toEqual({ 'customModel.name': 'customModelName' });
    }
    expect((await refused(typed('<b>'))).message.uz).toBeDefined();
    expect((await refused({ device: '', customModel: { brand: 'not-a-brand', name: 'Spark 40' } })).fields).toEqual({ 'customModel.brand': 'customModelBrand' });
    const unknownBrand = await refused({ device: '', customModel: { brand: '00000000-0000-4000-8000-000000000000', name: 'Spark 40' } });
    expect(unknownBrand.fields).toEqual({ customModel: 'customModelBrand' });
    expect((await refused({ customModel: { brand: brand.id, name: 'Spark 40' } })).fields).toEqual({ customModel: 'invalidValue' });
    expect((await refused({ device: '' })).fields).toEqual({ device: 'required' });
    expect(await count()).toBe(0);
  });

  it("lets the admin add the model from the moderation card: the listing and the others typed the same way get the device", async () => {
    const seller = await signedInUser(site.app, phone(4));
    const other = await signedInUser(site.app, phone(5));
    const first = await sell(seller.cookie, 'Orbit 7');
    const sameTyped = await sell(other.cookie, `${brand.name.toUpperCase()} orbit 7`);
    const different = await sell(other.cookie, 'Orbit 8');
    await approve(site.app, sameTyped);

    const { body } = await http()
      .post(`/api/phone/${first}/catalogue-model`)
      .set('Cookie', admin.cookie)
      .send({ name: `${brand.name} Orbit 7` })
      .expect(200);
    expect(body).toMatchObject({ device: { name: `${brand.name} Orbit 7`, category: brand.id }, linked: 2 });

    const rows: { id: string; device_id: string | null; custom_model: string | null; name: string; status: string }[] = await site.dataSource.query(
      `SELECT id, device_id, custom_model, name, status FROM listing WHERE id = ANY($1)`,
      [[first, sameTyped, different]],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first)).toMatchObject({ device_id: body.device._id, custom_model: null, name: `${brand.name} Orbit 7`, status: 'waiting' });
    expect(byId.get(sameTyped)).toMatchObject({ device_id: body.device._id, custom_model: null, status: 'active' });
    expect(byId.get(different)).toMatchObject({ device_id: null, custom_model: 'Orbit 8' });
    expect((await card(first))?.customModel).toBeNull();

    // Now a catalogue listing: found by a name search and by its model.
    const found = await http().get(`/api/phone?name=${encodeURIComponent(`${brand.name} Orbit 7`)}`).expect(200);
    expect(found.body.phones.map((card: { _id: string }) => card._id)).toContain(sameTyped);

    // Approving without adding stays possible for the other one.
    await http().post('/api/phone/confirm').set('Cookie', admin.cookie).send({ id: different }).expect(200);
    const [approved] = await site.dataSource.query(`SELECT status, device_id FROM listing WHERE id = $1`, [different]);
    expect(approved).toEqual({ status: 'active', device_id: null });
  });

  it('refuses the catalogue model to a non-admin, for a catalogue listing and under a name the catalogue has, changing nothing', async () => {
    const seller = await signedInUser(site.app, phone(6));
    const listingId = await sell(seller.cookie, 'Comet 3');
    const devices = async () => (await site.dataSource.query(`SELECT count(*)::int AS n FROM devices WHERE category_id = $1`, [brand.id]))[0].n;
    const before = await devices();

    await http().post(`/api/phone/${listingId}/catalogue-model`).set('Cookie', seller.cookie).send({ name: 'Comet 3' }).expect(403);
    await http().post(`/api/phone/${listingId}/catalogue-model`).send({ name: 'Comet 3' }).expect(401);
    const taken = await http().post(`/api/phone/${listingId}/catalogue-model`).set('Cookie', admin.cookie).send({ name: brand.phone.name.toUpperCase() }).expect(409);
    expect(taken.body.code).toBe('deviceNameTaken');
    await http().post(`/api/phone/${listingId}/catalogue-model`).set('Cookie', admin.cookie).send({ name: 'ab' }).expect(400);

    const images = await uploadPhotos(site.app, seller.cookie, 1);
    const catalogueListing = (await http().post('/api/phone').set('Cookie', seller.cookie).send(wizardPayload(brand.phone, images)).expect(201)).body._id;
    const refused = await http().post(`/api/phone/${catalogueListing}/catalogue-model`).set('Cookie', admin.cookie).send({ name: 'Comet 3' }).expect(409);
    expect(refused.body.code).toBe('listingHasCatalogueModel');

    expect(await devices()).toBe(before);
    const [row] = await site.dataSource.query(`SELECT device_id, custom_model FROM listing WHERE id = $1`, [listingId]);
    expect(row).toEqual({ device_id: null, custom_model: 'Comet 3' });
  });
});
