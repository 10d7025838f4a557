import { ChannelPostingService } from '../src/listings/channel-posting/channel-posting.service';
import { ListingTariffs } from '../src/listings/listing-tariffs';
import { approve, freshImei, listingsAppForThisFile, signedInUser, testBrand, TEST_USD_RATE, uploadPhotos, wizardPayload } from './listings-support';

/** Phone numbers of this file: 99877100xxxx. */
const phone = (n: number) => `99877100${String(n).padStart(4, '0')}`;

describe('selling: the create wizard, drafts, edits and my listings', () => {
  const site = listingsAppForThisFile();
  const { http } = site;
  let brand: Awaited<ReturnType<typeof testBrand>>;
  let seller: { id: string; cookie: string };
  let sellerPhotos: () => Promise<string[]>;

  beforeAll(async () => {
    brand = await testBrand(site.app, 'Sell');
    seller = await signedInUser(site.app, phone(1));
    sellerPhotos = () => uploadPhotos(site.app, seller.cookie, 2);
  });

  const post = (cookie: string, body: object) => http().post('/api/phone').set('Cookie', cookie).send(body);
  const listingRow = async (id: string) => (await site.dataSource.query(`SELECT * FROM listing WHERE id = $1`, [id]))[0];

  describe('POST /api/phone', () => {
    it('creates a waiting listing named and branded after the device, with the seller\'s own phone', async () => {
      const images = await sellerPhotos();
      const response = await post(seller.cookie, {
        ...wizardPayload(brand.phone, images),
        name: 'Forged name',
        category: '00000000-0000-4000-8000-000000000000',
        phoneNumber: '+998 90 000-00-00',
      }).expect(201);
      expect(response.body).toMatchObject({ status: 'waiting', charged: 0, message: { uz: "E'longiz yaratildi." } });

      const row = await listingRow(response.body._id);
      expect(row).toMatchObject({
        name: brand.phone.name,
        category_id: brand.id,
        device_id: brand.phone.id,
        status: 'waiting',
        price: '4500000',
        price_uzs: '4500000',
        valut: 'uzs',
        ram: '8GB',
        storage: '256GB',
        color: 'Ocean Blue',
        region: 'toshkent',
        document: true,
        shipping: true,
        condition: false,
        telegram_username: 'aziz_seller',
        author_name: 'Aziz',
        phone_number: phone(1),
        step: 9,
      });
      const photos = await site.dataSource.query(
        `SELECT li.image_id, li.position, i.attached FROM listing_image li JOIN images i ON i.id = li.image_id
          WHERE li.listing_id = $1 ORDER BY li.position`,
        [response.body._id],
      );
      expect(photos).toEqual([
        { image_id: images[0], position: 0, attached: true },
        { image_id: images[1], position: 1, attached: true },
      ]);
    });

    it('stores a dollar price with its so\'m equivalent at the current rate', async () => {
      const response = await post(seller.cookie, wizardPayload(brand.phone, await sellerPhotos(), { price: 350, valut: 'usd' })).expect(201);
      const row = await listingRow(response.body._id);
      expect(row).toMatchObject({ price: '350', valut: 'usd', price_uzs: String(350 * TEST_USD_RATE) });
    });

    it('lets an admin choose the contact phone, and gives a new phone its box and documents', async () => {
      const admin = await signedInUser(site.app, phone(2), 'admin');
      const images = await uploadPhotos(site.app, admin.cookie, 1);
      const response = await post(
        admin.cookie,
        wizardPayload(brand.phone, images, { phoneNumber: '+998 (91) 234-56-78', condition: true, documents: false }),
      ).expect(201);
      expect(await listingRow(response.body._id)).toMatchObject({ phone_number: '998912345678', condition: true, document: true });
    });

    it('fills memory and colour of a device that has one option each, as the wizard skips those steps', async () => {
      const response = await post(
        seller.cookie,
        wizardPayload(brand.single, await sellerPhotos(), { ram: undefined, storage: undefined, color: undefined }),
      ).expect(201);
      expect(await listingRow(response.body._id)).toMatchObject({ ram: '4GB', storage: '64GB', color: 'Graphite' });
    });

    it('keeps memory and colour empty for a device without those specs', async () => {
      const response = await post(
        seller.cookie,
        wizardPayload(brand.bare, await sellerPhotos(), { ram: null, storage: null, color: null }),
      ).expect(201);
      expect(await listingRow(response.body._id)).toMatchObject({ ram: null, storage: null, color: null });
    });

    it('also updates the profile\'s name and Telegram username when asked', async () => {
      const author = await signedInUser(site.app, phone(3));
      const images = await uploadPhotos(site.app, author.cookie, 1);
      await post(author.cookie, wizardPayload(brand.phone, images, { updateProfile: true, authorName: 'Bekzod', telegramUsername: 'bekzod_uz' })).expect(201);
      const [user] = await site.dataSource.query(`SELECT name, telegram_username FROM users WHERE id = $1`, [author.id]);
      expect(user).toEqual({ name: 'Bekzod', telegram_username: 'bekzod_uz' });
    });

    it('asks a visitor to sign in', async () => {
      const response = await http().post('/api/phone').send(wizardPayload(brand.phone, [])).expect(401);
      expect(response.body.message.uz).toBe('Tizimga kiring');
    });

    describe('refuses a payload breaking a rule of spec section 5, creating nothing', () => {
      let images: string[];
      beforeAll(async () => {
        images = await sellerPhotos();
      });

      it.each([
        ['no device', { device: undefined }, { device: 'required' }],
        ['an unknown device', { device: '00000000-0000-4000-8000-000000000001' }, { device: 'deviceNotFound' }],
        ['no price', { price: '' }, { price: 'required' }],
        ['a price of letters only', { price: 'abc' }, { price: 'required' }],
        ['a zero price', { price: '0' }, { price: 'priceInvalid' }],
        ['a price of several dots', { price: '1.2.3' }, { price: 'priceInvalid' }],
        ['a dollar price with cents', { price: '250.50', valut: 'usd' }, { price: 'priceWhole' }],
        ['a price in so\'m with decimals', { price: 4_500_000.5 }, { price: 'priceWhole' }],
        ['an absurd price', { price: 5_000_000, valut: 'usd' }, { price: 'priceTooHigh' }],
        ['an unknown currency', { valut: 'eur' }, { valut: 'invalidValue' }],
        ['no description', { description: '   ' }, { description: 'required' }],
        ['a description over 200 characters', { description: 'x'.repeat(201) }, { description: 'descriptionMax' }],
        ['no region', { region: '' }, { region: 'required' }],
        ['an unknown region', { region: 'mars' }, { region: 'invalidValue' }],
        ['no photo', { images: [] }, { images: 'photosMin' }],
        ['nine photos', { images: Array.from({ length: 9 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`) }, { images: 'photosMax' }],
        ['the same photo twice', 'duplicate', { images: 'invalidValue' }],
        ['no memory where the device has several', { ram: null, storage: null }, { memory: 'required' }],
        ['memory the device does not have', { ram: '3GB', storage: '32GB' }, { memory: 'invalidValue' }],
        ['no colour where the device has several', { color: null }, { color: 'required' }],
        ['a colour the device does not have', { color: 'Gold' }, { color: 'invalidValue' }],
        ['an admin-style phone that is too short', 'admin-phone', { phoneNumber: 'completeFull' }],
        ['a malformed Telegram username', { telegramUsername: 'a b' }, { telegramUsername: 'invalidTelegramUsername' }],
        ['a contact name over 50 characters', { authorName: 'x'.repeat(51) }, { authorName: 'maxCharacters50' }],
        ['an unknown tariff', { tarif: 2 }, { tarif: 'invalidValue' }],
        ['a step beyond the wizard', { step: 10 }, { step: 'invalidValue' }],
      ])('%s', async (_case, change, fields) => {
        const overrides =
          change === 'duplicate' ? { images: [images[0], images[0]] } : change === 'admin-phone' ? { phoneNumber: '+998 90 12' } : change;
        const before = await site.dataSource.query(`SELECT count(*)::int AS n FROM listing WHERE author_id = $1`, [seller.id]);
        const response = await post(seller.cookie, wizardPayload(brand.phone, images, overrides as Record<string, unknown>)).expect(400);
        expect(response.body.fields).toMatchObject(fields);
        expect(response.body.message.uz).toBeTruthy();
        const after = await site.dataSource.query(`SELECT count(*)::int AS n FROM listing WHERE author_id = $1`, [seller.id]);
        expect(after).toEqual(before);
      });
    });
  });

  describe('photo ownership', () => {
    it("refuses someone else's photo and a photo another listing already shows", async () => {
      const other = await signedInUser(site.app, phone(4));
      const othersPhotos = await uploadPhotos(site.app, other.cookie, 1);
      const refused = await post(seller.cookie, wizardPayload(brand.phone, othersPhotos)).expect(400);
      expect(refused.body.fields).toEqual({ images: 'photoUnavailable' });

      const images = await sellerPhotos();
      await post(seller.cookie, wizardPayload(brand.phone, images)).expect(201);
      const reused = await post(seller.cookie, wizardPayload(brand.phone, [images[0]])).expect(400);
      expect(reused.body.fields).toEqual({ images: 'photoUnavailable' });
    });

    it('gives a photo to only one of two listings saved at the same moment', async () => {
      const [image] = await uploadPhotos(site.app, seller.cookie, 1);
      const statuses = await Promise.all([1, 2].map(() => post(seller.cookie, wizardPayload(brand.phone, [image])).then((r) => r.status)));
      expect(statuses.sort()).toEqual([201, 400]);
    });

    it('lets the owner delete a fresh upload, nobody else, and not a posted listing\'s photo', async () => {
      const [fresh, posted] = await sellerPhotos();
      const stranger = await signedInUser(site.app, phone(5));
      const remove = (cookie: string, id: string) =>
        http().delete('/api/upload/').set('Cookie', cookie).send({ _id: id });

      await remove(stranger.cookie, fresh).expect(404);
      await remove(seller.cookie, fresh).expect(200);
      expect(await site.dataSource.query(`SELECT id FROM images WHERE id = $1`, [fresh])).toEqual([]);

      await post(seller.cookie, wizardPayload(brand.phone, [posted])).expect(201);
      const refused = await remove(seller.cookie, posted).expect(409);
      expect(refused.body.code).toBe('photoInUse');
    });
  });

  describe('drafts', () => {
    it('keeps a half-filled wizard and resumes it at its step with the values left', async () => {
      const images = await sellerPhotos();
      const saved = await http()
        .post('/api/phone/draft')
        .set('Cookie', seller.cookie)
        .send({ device: brand.phone.id, ram: '6GB', storage: '128GB', price: '3 000 000', step: 4 })
        .expect(201);
      expect(saved.body).toEqual({ _id: expect.any(String), step: 4 });
      const draftId = saved.body._id;

      await http()
        .put(`/api/phone/draft/${draftId}`)
        .set('Cookie', seller.cookie)
        .send({ device: brand.phone.id, ram: '6GB', storage: '128GB', price: '3 000 000', description: 'Yaxshi', images, step: 7 })
        .expect(200);

      const resumed = await http().get(`/api/phone/${draftId}`).set('Cookie', seller.cookie).expect(200);
      expect(resumed.body.status).toBe('draft');
      expect(resumed.body.owner.form).toMatchObject({
        device: brand.phone.id,
        ram: '6GB',
        storage: '128GB',
        price: 3_000_000,
        description: 'Yaxshi',
        step: 7,
        images: images.map((id) => expect.objectContaining({ _id: id })),
      });
      const mine = await http().get('/api/phone/my').set('Cookie', seller.cookie).expect(200);
      expect(mine.body.phones.find((card: { _id: string }) => card._id === draftId)).toMatchObject({ status: 'draft', step: 7 });

      // Others never see a draft.
      await http().get(`/api/phone/${draftId}`).expect(404);

      // Finishing the draft turns the same listing into one waiting for moderation.
      const finished = await post(seller.cookie, { ...wizardPayload(brand.phone, images), draftId }).expect(201);
      expect(finished.body).toMatchObject({ _id: draftId, status: 'waiting' });
      await http().put(`/api/phone/draft/${draftId}`).set('Cookie', seller.cookie).send({ step: 1 }).expect(409);
    });

    it('checks what a draft holds and refuses someone else\'s draft', async () => {
      const invalid = await http()
        .post('/api/phone/draft')
        .set('Cookie', seller.cookie)
        .send({ description: 'x'.repeat(201), step: 4 })
        .expect(400);
      expect(invalid.body.fields).toEqual({ description: 'descriptionMax' });

      const saved = await http().post('/api/phone/draft').set('Cookie', seller.cookie).send({ step: 0 }).expect(201);
      const stranger = await signedInUser(site.app, phone(6));
      await http().put(`/api/phone/draft/${saved.body._id}`).set('Cookie', stranger.cookie).send({ step: 2 }).expect(404);
      await post(stranger.cookie, { ...wizardPayload(brand.phone, await uploadPhotos(site.app, stranger.cookie, 1)), draftId: saved.body._id }).expect(404);
      // Nor can a stranger take over a listing's id with a draft of their own.
      await http().post('/api/phone/draft').set('Cookie', stranger.cookie).send({ id: saved.body._id, step: 2 }).expect(404);
    });

    // A browser resends a POST whose connection dropped, and the wizard saves again when an answer was lost.
    it('keeps one draft and one listing under the id the wizard chose, however often the same request arrives', async () => {
      const owner = await signedInUser(site.app, phone(7));
      const id = crypto.randomUUID();
      const draft = { id, device: brand.phone.id, price: '3 000 000', step: 4 };
      const saves = await Promise.all([1, 2, 3].map(() => http().post('/api/phone/draft').set('Cookie', owner.cookie).send(draft)));
      expect(saves.map((save) => [save.status, save.body._id])).toEqual([1, 2, 3].map(() => [201, id]));

      const images = await uploadPhotos(site.app, owner.cookie, 1);
      const posts = [await post(owner.cookie, { ...wizardPayload(brand.phone, images), draftId: id }), await post(owner.cookie, { ...wizardPayload(brand.phone, images), draftId: id })];
      expect(posts.map((posted) => [posted.status, posted.body._id, posted.body.status])).toEqual([
        [201, id, 'waiting'],
        [201, id, 'waiting'],
      ]);
      const rows = await site.dataSource.query(`SELECT id, status FROM listing WHERE author_id = $1`, [owner.id]);
      expect(rows).toEqual([{ id, status: 'waiting' }]);
    });

    it('posts a listing under the id the wizard chose when no draft was kept yet', async () => {
      const owner = await signedInUser(site.app, phone(8));
      const id = crypto.randomUUID();
      const images = await uploadPhotos(site.app, owner.cookie, 1);
      // Pressed twice at once: one listing, both answered with it.
      const posted = await Promise.all([1, 2].map(() => post(owner.cookie, { ...wizardPayload(brand.phone, images), draftId: id })));
      expect(posted.map((answer) => [answer.status, answer.body._id, answer.body.status])).toEqual([
        [201, id, 'waiting'],
        [201, id, 'waiting'],
      ]);
      expect(await listingRow(id)).toMatchObject({ author_id: owner.id, status: 'waiting' });
    });
  });

  describe('editing, taking off sale, deleting', () => {
    const put = (id: string, cookie: string, body: object) =>
      http().put(`/api/phone/${id}`).set('Cookie', cookie).send(body);
    const publicFeedIds = async () =>
      ((await http().get('/api/phone').query({ brand: brand.id }).expect(200)).body.phones as { _id: string }[]).map(
        (card) => card._id,
      );

    it('keeps an active listing on sale when only its price, description or delivery change, and shows moderators the edit', async () => {
      const images = await sellerPhotos();
      const imei = [freshImei(), freshImei()];
      const id = (await post(seller.cookie, wizardPayload(brand.phone, images, { imei })).expect(201)).body._id;
      await approve(site.app, id);

      const edited = await put(id, seller.cookie, wizardPayload(brand.phone, [images[1], images[0]], {
        imei: [imei[1], imei[0]],
        price: 4_200_000,
        description: 'Narxi tushdi',
        delivery: false,
      })).expect(200);
      expect(edited.body).toMatchObject({ status: 'active', message: { en: 'Your changes were saved and the listing stays on sale' } });
      expect(await listingRow(id)).toMatchObject({ price: '4200000', description: 'Narxi tushdi', shipping: false, status: 'active' });
      expect(await publicFeedIds()).toContain(id);

      const admin = await signedInUser(site.app, phone(9), 'admin');
      const queue = await http().get('/api/phone/waiting').query({ status: 'active' }).set('Cookie', admin.cookie).expect(200);
      const card = (queue.body.phones as { _id: string; editedAt: string | null }[]).find((listing) => listing._id === id);
      expect(card?.editedAt).toEqual(expect.any(String));

      // Another IMEI or grade is another phone: moderation looks again.
      for (const change of [{ imei: [imei[0]] }, { imei, grade: 'A' }]) {
        await approve(site.app, id);
        expect((await put(id, seller.cookie, wizardPayload(brand.phone, images, change)).expect(200)).body.status).toBe('waiting');
      }
    });

    it('sends an active listing back to moderation when its photos, device or condition change, and lets only its author or an admin edit', async () => {
      const images = await sellerPhotos();
      const created = await post(seller.cookie, wizardPayload(brand.phone, images)).expect(201);
      const id = created.body._id;
      await approve(site.app, id);

      const [keep, extra] = [images[0], (await uploadPhotos(site.app, seller.cookie, 1))[0]];
      const edited = await put(id, seller.cookie, wizardPayload(brand.phone, [extra, keep], { price: 4_200_000, description: 'Narxi tushdi' })).expect(200);
      expect(edited.body).toMatchObject({ status: 'waiting', message: { en: 'The listing was saved and sent for review again' } });
      expect(await listingRow(id)).toMatchObject({ price: '4200000', description: 'Narxi tushdi', status: 'waiting' });
      expect(await publicFeedIds()).not.toContain(id);
      const [dropped] = await site.dataSource.query(`SELECT attached FROM images WHERE id = $1`, [images[1]]);
      expect(dropped).toEqual({ attached: false });

      for (const change of [{ condition: true }, { documents: false }, { color: brand.phone.colors[0] }]) {
        await approve(site.app, id);
        expect((await put(id, seller.cookie, wizardPayload(brand.phone, [extra, keep], change)).expect(200)).body.status).toBe('waiting');
      }
      await approve(site.app, id);
      expect((await put(id, seller.cookie, wizardPayload(brand.single, [extra, keep])).expect(200)).body.status).toBe('waiting');

      const stranger = await signedInUser(site.app, phone(7));
      await put(id, stranger.cookie, wizardPayload(brand.phone, await uploadPhotos(site.app, stranger.cookie, 1))).expect(404);

      const admin = await signedInUser(site.app, phone(8), 'admin');
      await put(id, admin.cookie, wizardPayload(brand.phone, [extra, keep], { description: 'Admin tuzatdi' })).expect(200);
      expect(await listingRow(id)).toMatchObject({ description: 'Admin tuzatdi', phone_number: phone(1) });
    });

    it('puts an approved listing back on sale at once, and through moderation if its photos changed while off sale', async () => {
      const images = await sellerPhotos();
      const imei = [freshImei()];
      const created = await post(seller.cookie, wizardPayload(brand.phone, images, { imei })).expect(201);
      const id = created.body._id;
      const offSale = () => http().post(`/api/phone/${id}/off-sale`).set('Cookie', seller.cookie);
      const onSale = () => http().post(`/api/phone/${id}/on-sale`).set('Cookie', seller.cookie);
      const mine = async () =>
        ((await http().get('/api/phone/my').set('Cookie', seller.cookie).expect(200)).body.phones as { _id: string; reviewDue: boolean }[]).find(
          (listing) => listing._id === id,
        );

      expect((await offSale().expect(409)).body.code).toBe('listingOffSaleOnlyActive');
      await approve(site.app, id);
      expect((await offSale().expect(200)).body.status).toBe('noActive');
      await http().get(`/api/phone/${id}`).expect(404);
      // A new price while off sale needs no review either.
      expect((await put(id, seller.cookie, wizardPayload(brand.phone, images, { imei, price: 3_900_000 })).expect(200)).body.status).toBe('noActive');
      expect((await onSale().expect(200)).body).toMatchObject({ status: 'active', message: { en: 'The listing is back on sale' } });
      expect(await publicFeedIds()).toContain(id);
      expect((await onSale().expect(409)).body.code).toBe('listingOnSaleOnlyInactive');

      await offSale().expect(200);
      const [replacement] = await uploadPhotos(site.app, seller.cookie, 1);
      expect((await put(id, seller.cookie, wizardPayload(brand.phone, [images[0], replacement], { imei })).expect(200)).body.status).toBe('noActive');
      expect(await mine()).toMatchObject({ status: 'noActive', reviewDue: true });
      expect((await onSale().expect(200)).body).toMatchObject({ status: 'waiting', message: { en: 'The listing is back on sale and was sent for review' } });
      expect(await publicFeedIds()).not.toContain(id);
      expect(await mine()).toMatchObject({ status: 'waiting', reviewDue: false });
    });

    it('deletes a listing for its author or an admin: it leaves every list and its photos are let go', async () => {
      const images = await sellerPhotos();
      const first = await post(seller.cookie, wizardPayload(brand.phone, images.slice(0, 1))).expect(201);
      const second = await post(seller.cookie, wizardPayload(brand.phone, images.slice(1))).expect(201);
      await approve(site.app, first.body._id);

      const stranger = await signedInUser(site.app, phone(9));
      await http().delete(`/api/phone/${first.body._id}`).set('Cookie', stranger.cookie).expect(404);
      await http().delete(`/api/phone/${first.body._id}`).set('Cookie', seller.cookie).expect(200);
      const admin = await signedInUser(site.app, phone(10), 'admin');
      await http().delete(`/api/phone/${second.body._id}`).set('Cookie', admin.cookie).expect(200);

      await http().get(`/api/phone/${first.body._id}`).set('Cookie', seller.cookie).expect(404);
      const feed = await http().get('/api/phone').query({ brand: brand.id }).expect(200);
      expect(feed.body.phones.map((card: { _id: string }) => card._id)).not.toContain(first.body._id);
      const mine = await http().get('/api/phone/my').set('Cookie', seller.cookie).expect(200);
      expect(mine.body.phones.map((card: { _id: string }) => card._id)).not.toContain(second.body._id);
      const photos = await site.dataSource.query(`SELECT attached FROM images WHERE id = ANY($1)`, [images]);
      expect(photos).toEqual([{ attached: false }, { attached: false }]);
      await http().delete(`/api/phone/${first.body._id}`).set('Cookie', seller.cookie).expect(404);
    });
  });

  describe('GET /api/phone/my', () => {
    it("lists only the caller's listings with a count for every status", async () => {
      const owner = await signedInUser(site.app, phone(11));
      const images = await uploadPhotos(site.app, owner.cookie, 3);
      const active = await post(owner.cookie, wizardPayload(brand.phone, [images[0]])).expect(201);
      await approve(site.app, active.body._id);
      await post(owner.cookie, wizardPayload(brand.phone, [images[1]])).expect(201);
      await http().post('/api/phone/draft').set('Cookie', owner.cookie).send({ images: [images[2]], step: 8 }).expect(201);

      const response = await http().get('/api/phone/my').set('Cookie', owner.cookie).expect(200);
      expect(response.body.counts).toEqual({ active: 1, noActive: 0, waiting: 1, cancelled: 0, draft: 1 });
      expect(response.body.phones).toHaveLength(3);
      expect(response.body.phones[0]).toMatchObject({ status: 'draft', image: { _id: images[2] } });
      expect(JSON.stringify(response.body)).not.toContain(phone(11));
    });

    it('tells the seller which channels a paid listing skipped and why: not set up, or given up after the channel kept refusing', async () => {
      const owner = await signedInUser(site.app, phone(13));
      const listing = await post(owner.cookie, wizardPayload(brand.phone, await uploadPhotos(site.app, owner.cookie, 1), { tarif: 1 })).expect(201);
      await approve(site.app, listing.body._id);
      const posting = site.app.get(ChannelPostingService);
      await posting.recordPosted(listing.body._id, 'telegram', 'https://t.me/telefonbozor/7');
      await posting.recordSkipped(listing.body._id, 'instagram', { posted: false, link: null, state: 'skipped', reason: 'not configured' }, 'notConfigured');
      const refusal = 'Graph API 400 (190): Invalid OAuth access token';
      await posting.recordSkipped(listing.body._id, 'facebook', { posted: false, link: null, state: 'failed', reason: refusal }, 'gaveUp');

      const { body } = await http().get('/api/phone/my').set('Cookie', owner.cookie).expect(200);
      expect(body.phones.find((mine: { _id: string }) => mine._id === listing.body._id).channels).toEqual({
        telegram: { state: 'posted', link: 'https://t.me/telefonbozor/7', eta: null },
        instagram: { state: 'skipped', link: null, eta: null, skipped: 'notConfigured' },
        facebook: { state: 'skipped', link: null, eta: null, skipped: 'gaveUp' },
      });
      // The platform's words stay with admins.
      expect(JSON.stringify(body)).not.toContain('OAuth');
    });
  });

  describe('the tariff charge', () => {
    it('charges a priced tariff with the listing, all or nothing, even under 20 concurrent creations', async () => {
      const buyer = await signedInUser(site.app, phone(12));
      const price = 10_000;
      jest.spyOn(site.app.get(ListingTariffs), 'costOf').mockImplementation((tarif) => (tarif === 1 ? price : 0));
      try {
        await site.dataSource.query(`UPDATE users SET balance = $2 WHERE id = $1`, [buyer.id, 0]);
        await site.dataSource.query(`INSERT INTO balance_entry (user_id, amount, kind, reference) VALUES ($1, $2, 'topUp', $3)`, [
          buyer.id,
          7 * price + 5_000,
          `test-${buyer.id}`,
        ]);
        await site.dataSource.query(`UPDATE users SET balance = $2 WHERE id = $1`, [buyer.id, 7 * price + 5_000]);

        const photoSets = await Promise.all(Array.from({ length: 20 }, () => uploadPhotos(site.app, buyer.cookie, 1)));
        const responses = await Promise.all(photoSets.map((images) => post(buyer.cookie, wizardPayload(brand.phone, images, { tarif: 1 }))));
        const created = responses.filter((response) => response.status === 201);
        const refused = responses.filter((response) => response.status === 409);
        expect(created).toHaveLength(7);
        expect(refused).toHaveLength(13);
        expect(refused[0].body.code).toBe('insufficientBalance');

        const [{ balance, ledger, listings }] = await site.dataSource.query(
          `SELECT u.balance::int,
                  (SELECT sum(amount)::int FROM balance_entry WHERE user_id = u.id) AS ledger,
                  (SELECT count(*)::int FROM listing WHERE author_id = u.id) AS listings
             FROM users u WHERE u.id = $1`,
          [buyer.id],
        );
        expect({ balance, ledger, listings }).toEqual({ balance: 5_000, ledger: 5_000, listings: 7 });
        expect(created.map((response) => response.body.charged)).toEqual(Array(7).fill(price));

        // Editing a paid listing does not charge it again.
        const id = created[0].body._id;
        const images = photoSets[responses.indexOf(created[0])];
        const edit = await http()
          .put(`/api/phone/${id}`)
          .set('Cookie', buyer.cookie)
          .send(wizardPayload(brand.phone, images, { tarif: 1, description: 'Yangi matn' }))
          .expect(200);
        expect(edit.body).toMatchObject({ charged: 0, balance: 5_000 });
      } finally {
        jest.restoreAllMocks();
      }
    });

    it('charges nothing for an edit that keeps a tariff chosen while it was free, after its price rose', async () => {
      const owner = await signedInUser(site.app, phone(14));
      const admin = await signedInUser(site.app, phone(15), 'admin');
      await site.dataSource.query(`UPDATE users SET balance = 0 WHERE id = $1`, [owner.id]);
      const images = await uploadPhotos(site.app, owner.cookie, 1);
      const created = await post(owner.cookie, wizardPayload(brand.phone, images, { tarif: 1 })).expect(201);
      expect(created.body.charged).toBe(0);

      // The discount ends: Super 4x costs its full price for listings posted from now on.
      jest.spyOn(site.app.get(ListingTariffs), 'costOf').mockImplementation((tarif) => (tarif === 1 ? 39_900 : 0));
      try {
        const edit = (cookie: string, description: string) =>
          http().put(`/api/phone/${created.body._id}`).set('Cookie', cookie).send(wizardPayload(brand.phone, images, { tarif: 1, description })).expect(200);
        expect((await edit(owner.cookie, 'Yangi matn')).body).toMatchObject({ charged: 0, balance: 0 });
        expect((await edit(admin.cookie, 'Moderator tuzatdi')).body).toMatchObject({ charged: 0, balance: 0 });
        expect(await site.dataSource.query(`SELECT kind FROM balance_entry WHERE user_id = $1`, [owner.id])).toEqual([]);
      } finally {
        jest.restoreAllMocks();
      }
    });

    it('charges a tariff chosen on an edit at its price then, once per listing', async () => {
      const owner = await signedInUser(site.app, phone(16));
      const price = 10_000;
      await site.dataSource.query(`INSERT INTO balance_entry (user_id, amount, kind, reference) VALUES ($1, $2, 'topUp', $3)`, [owner.id, price, `test-${owner.id}`]);
      await site.dataSource.query(`UPDATE users SET balance = $2 WHERE id = $1`, [owner.id, price]);
      const images = await uploadPhotos(site.app, owner.cookie, 1);
      const created = await post(owner.cookie, wizardPayload(brand.phone, images, { tarif: 0 })).expect(201);

      jest.spyOn(site.app.get(ListingTariffs), 'costOf').mockImplementation((tarif) => (tarif === 1 ? price : 0));
      try {
        const edit = (tarif: 0 | 1) => http().put(`/api/phone/${created.body._id}`).set('Cookie', owner.cookie).send(wizardPayload(brand.phone, images, { tarif })).expect(200);
        expect((await edit(1)).body).toMatchObject({ charged: price, balance: 0 });
        // Back to Oddiy and to Super 4x again: the listing paid for it once.
        expect((await edit(0)).body).toMatchObject({ charged: 0, balance: 0 });
        expect((await edit(1)).body).toMatchObject({ charged: 0, balance: 0 });
      } finally {
        jest.restoreAllMocks();
      }
    });

    it('creates a Super 4x listing for free while its discount is 100 %', async () => {
      const response = await post(seller.cookie, wizardPayload(brand.phone, await sellerPhotos(), { tarif: 1 })).expect(201);
      expect(response.body.charged).toBe(0);
      expect(await listingRow(response.body._id)).toMatchObject({ tarif: 1 });
    });
  });
});
