import sharp from 'sharp';
import { ListingChecksService } from '../src/moderation/trust/listing-checks.service';
import { referenceMedian } from '../src/browse/price-guide/reference-prices';
import { eventually } from '../../test/support/eventually';
import { screenshotsOf } from '../../test/support/pictures';
import { checkListings, detailedPhoto, listingsAppForThisFile, signedInUser, testBrand, waitingTab, type TestDevice } from './listings-support';

/** Phone numbers of this file: 99877192xxxx. */
const phone = (n: number) => `99877192${String(n).padStart(4, '0')}`;

describe('the checks of waiting listings and the risk-ranked queue (issue 22)', () => {
  const site = listingsAppForThisFile();
  const { http } = site;
  let admin: { id: string; cookie: string };
  let device: TestDevice;
  const checks = () => site.app.get(ListingChecksService);

  beforeAll(async () => {
    admin = await signedInUser(site.app, phone(1), 'admin');
    device = (await testBrand(site.app, 'Xavf')).phone;
    // The market: six phones of the model on sale around 4 000 000 so'm.
    const market = await signedInUser(site.app, phone(2));
    for (const price of [3_800_000, 3_900_000, 4_000_000, 4_000_000, 4_100_000, 4_200_000]) await list(market.id, { price, status: 'active', approved: true });
  });

  async function list(
    authorId: string,
    { price = 4_000_000, status = 'waiting', description = 'Yaxshi holatda', approved = false, imeiHash = [] as string[], model = device, soldAt = null as Date | null } = {},
  ): Promise<string> {
    const [{ id }] = await site.dataSource.query(
      `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description, phone_number, status, storage, approved_at, created_at, imei_hash, sold_at)
       VALUES ($1, $2, $3, $4, $5, 'uzs', $5, 'toshkent', $6, '998901112233', $7, '128GB', $8, '2019-01-01', $9, $10)
       RETURNING id`,
      [authorId, model.id, model.categoryId, model.name, price, description, status, approved ? new Date() : null, imeiHash, soldAt],
    );
    return id;
  }
  /** Uploads `photo` through `POST /api/upload` as the seller's wizard does and shows it on the listing. */
  async function showPhoto(listingId: string, cookie: string, photo: Buffer): Promise<void> {
    const { body } = await http().post('/api/upload').set('Cookie', cookie).attach('files', photo, 'photo.jpg').expect(201);
    await site.dataSource.query(`INSERT INTO listing_image (listing_id, position, image_id) VALUES ($1, 0, $2)`, [listingId, body[0]._id]);
    await site.dataSource.query(`UPDATE images SET attached = true WHERE id = $1`, [body[0]._id]);
  }

  it('puts a bait price from a first-time seller at the top of the waiting tab, with the reasons', async () => {
    const regular = await signedInUser(site.app, phone(3));
    await list(regular.id, { status: 'active', approved: true });
    const fair = await list(regular.id);
    const newcomer = await signedInUser(site.app, phone(4));
    const bait = await list(newcomer.id, { price: 1_300_000 });

    await checkListings(site.app, [fair, bait]);
    const cards = await waitingTab(site.app, admin.cookie);
    const ids = cards.map((card) => card._id);
    expect(ids.indexOf(bait)).toBeLessThan(ids.indexOf(fair));
    expect(cards.find((card) => card._id === bait)).toMatchObject({
      checks: [{ kind: 'baitPrice', detail: '4000000' }, { kind: 'newSeller', detail: null }],
      riskScore: 4,
    });
    expect(cards.find((card) => card._id === fair)).toMatchObject({ checks: [], riskScore: 0 });
  });

  it('finds the banned words admins keep, as whole words, and checks the waiting listings again when the list changes', async () => {
    const seller = await signedInUser(site.app, phone(5));
    await list(seller.id, { status: 'active', approved: true });
    const offending = await list(seller.id, { description: 'Naqd TOLOV, kredit bor' });
    const innocent = await list(seller.id, { description: 'Tolovchi emas, kreditkasiz' });
    await checkListings(site.app, [offending, innocent]);
    expect((await waitingTab(site.app, admin.cookie)).find((card) => card._id === offending)?.checks).toEqual([]);

    const saved = await http().put('/api/admin/banned-words').set('Cookie', admin.cookie).send({ words: [' Tolov', 'kredit', 'tolov'] }).expect(200);
    expect(saved.body).toEqual({ words: ['kredit', 'tolov'] });
    await checkListings(site.app, [offending, innocent]);
    const cards = await waitingTab(site.app, admin.cookie);
    expect(cards.find((card) => card._id === offending)?.checks).toEqual([{ kind: 'bannedWords', detail: 'TOLOV, kredit' }]);
    expect(cards.find((card) => card._id === innocent)?.checks).toEqual([]);
    expect((await http().get('/api/admin/banned-words').set('Cookie', admin.cookie).expect(200)).body).toEqual({ words: ['kredit', 'tolov'] });
  });

  it("finds the issue's scam: a card number, a phone number, prepayment wording, a bait price and the seller's IMEI on another model", async () => {
    const seller = await signedInUser(site.app, phone(12));
    const otherModel = (await testBrand(site.app, 'Xavf2')).phone;
    await list(seller.id, { status: 'active', approved: true, model: otherModel, imeiHash: ['imei-of-the-scam'] });
    const scam = await list(seller.id, {
      price: 1_000_000,
      imeiHash: ['imei-of-the-scam'],
      description: "Oldindan to'lov qiling, karta 8600 1234 5678 9012, tel 90 123 45 67",
    });
    await checkListings(site.app, [scam]);
    const card = (await waitingTab(site.app, admin.cookie)).find((waiting) => waiting._id === scam)!;
    expect(card.checks).toEqual([
      { kind: 'cardNumber', detail: '8600 1234 5678 9012' },
      { kind: 'contacts', detail: '90 123 45 67' },
      // (With the admins' 'tolov' of the test above, when it ran first.)
      { kind: 'bannedWords', detail: expect.stringMatching(/^Oldindan to'lov/) },
      { kind: 'baitPrice', detail: '4000000' },
      { kind: 'duplicateImei', detail: expect.any(String) },
    ]);
    expect(card.riskScore).toBe(16);
    // Buyers never see the card number; the moderators' card shows it, with what the checks found marked.
    const detail = await http().get(`/api/phone/${scam}`).set('Cookie', admin.cookie).expect(200);
    expect(detail.body.description).toBe("Oldindan to'lov qiling, karta **** **** **** 9012, tel 90 123 45 67");
    const marked = card.flagged.map((span) => card.description!.slice(span.start, span.end));
    expect(marked).toEqual(["Oldindan to'lov", '8600 1234 5678 9012', '90 123 45 67']);
    expect(card.sellerRecord).toEqual({ since: expect.any(String), listings: 2, approved: 1, rejected: 0, reports: 0 });
    // An admin who opens the listing's page gets the same card; nobody else does.
    const opened = await http().get(`/api/phone/${scam}/moderation`).set('Cookie', admin.cookie).expect(200);
    expect(opened.body).toMatchObject({ _id: scam, riskScore: 16, flagged: card.flagged });
    await http().get(`/api/phone/${scam}/moderation`).set('Cookie', seller.cookie).expect(403);
  });

  it('finds the same scam written to slip past a filter: the card across lines in look-alike digits, the wording in mixed letters', async () => {
    const seller = await signedInUser(site.app, phone(13));
    await list(seller.id, { status: 'active', approved: true });
    // 'прeдоплата' with a Latin e; the card's zeros are the letter O, its last group in fullwidth digits.
    const disguised = await list(seller.id, { description: 'Только прeдоплата. Карта:\n86OO 1234\n5678 ９０１２' });
    await checkListings(site.app, [disguised]);
    const card = (await waitingTab(site.app, admin.cookie)).find((waiting) => waiting._id === disguised)!;
    expect(card.checks).toEqual(expect.arrayContaining([{ kind: 'cardNumber', detail: '86OO 1234\n5678 ９０１２' }, { kind: 'bannedWords', detail: 'прeдоплата' }]));
    const detail = await http().get(`/api/phone/${disguised}`).set('Cookie', admin.cookie).expect(200);
    expect(detail.body.description).toBe('Только прeдоплата. Карта:\n**** ****\n**** ９０１２');
  });

  it("flags a bait price of a catalogue model nobody has listed yet, against the catalogue's reference band", async () => {
    const [row] = await site.dataSource.query(`SELECT id, name, category_id FROM devices WHERE name = 'Motorola Moto G52'`);
    const model = { id: row.id, name: row.name, categoryId: row.category_id, memory: [], colors: [] };
    const seller = await signedInUser(site.app, phone(14));
    await list(seller.id, { status: 'active', approved: true, model, price: 650_000 });
    const fair = await list(seller.id, { model, price: 550_000 });
    const bait = await list(seller.id, { model, price: 150_000 });
    await checkListings(site.app, [fair, bait]);
    const cards = await waitingTab(site.app, admin.cookie);
    expect(cards.find((card) => card._id === bait)?.checks).toEqual([{ kind: 'baitPrice', detail: '600000' }]);
    expect(cards.find((card) => card._id === fair)?.checks).toEqual([]);
  });

  it("flags a bait price of a catalogue model typed as 'Boshqa model', against its reference band", async () => {
    const seller = await signedInUser(site.app, phone(15));
    await list(seller.id, { status: 'active', approved: true });
    const [{ id: apple }] = await site.dataSource.query(`SELECT id FROM categories WHERE name = 'Apple'`);
    const typed = async (price: number): Promise<string> => {
      const [{ id }] = await site.dataSource.query(
        `INSERT INTO listing (author_id, category_id, custom_model, name, price, valut, price_uzs, region, description, phone_number, status, created_at)
         VALUES ($1, $2, 'iPhone 13', 'Apple iPhone 13', $3, 'uzs', $3, 'toshkent', 'Yaxshi', '998901112233', 'waiting', '2019-01-01') RETURNING id`,
        [seller.id, apple, price],
      );
      return id;
    };
    const [bait, fair] = [await typed(400_000), await typed(5_000_000)];
    await checkListings(site.app, [bait, fair]);
    const cards = await waitingTab(site.app, admin.cookie);
    expect(cards.find((card) => card._id === bait)?.checks).toEqual([{ kind: 'baitPrice', detail: '3250000' }, { kind: 'customModel', detail: 'Apple iPhone 13' }]);
    expect(cards.find((card) => card._id === fair)?.checks).toEqual([{ kind: 'customModel', detail: 'Apple iPhone 13' }]);
  });

  it("reads a typed model as the catalogue model it names however it is spelled, and flags its bait price", async () => {
    const seller = await signedInUser(site.app, phone(16));
    await list(seller.id, { status: 'active', approved: true });
    const [{ id: apple }] = await site.dataSource.query(`SELECT id FROM categories WHERE name = 'Apple'`);
    const typed = async (model: string, price: number): Promise<string> => {
      const [{ id }] = await site.dataSource.query(
        `INSERT INTO listing (author_id, category_id, custom_model, name, price, valut, price_uzs, region, description, phone_number, status, created_at)
         VALUES ($1, $2, $3, 'Apple ' || $3, $4, 'uzs', $4, 'toshkent', 'Yaxshi', '998901112233', 'waiting', '2019-01-01') RETURNING id`,
        [seller.id, apple, model, price],
      );
      return id;
    };
    // Cyrillic by sound, by ear in Latin, written together, a slip of the finger: each the iPhone 15 Pro Max.
    const baits = [await typed('айфон 15 про макс', 500_000), await typed('ayfon 15 pro maks', 500_000), await typed('iphone15 promax', 500_000), await typed('iPhone 15 Pro Mxa', 500_000)];
    const fair = await typed('Айфон 15 Про Макс', 9_000_000);
    // A name every iPhone holds names no model: it is priced against none, not against the first of thirty.
    const vague = await typed('iPhone', 700_000);
    await checkListings(site.app, [...baits, fair, vague]);
    const cards = await waitingTab(site.app, admin.cookie);
    const median = String(referenceMedian('Apple iPhone 15 Pro Max'));
    for (const bait of baits) expect(cards.find((card) => card._id === bait)?.checks).toContainEqual({ kind: 'baitPrice', detail: median });
    expect(cards.find((card) => card._id === fair)?.checks.map((check) => check.kind)).toEqual(['customModel']);
    expect(cards.find((card) => card._id === vague)?.checks.map((check) => check.kind)).toEqual(['customModel']);
  });

  it('flags an IMEI of a sold listing, even the same seller\'s, and not the same seller listing the same model again', async () => {
    const seller = await signedInUser(site.app, phone(13));
    await list(seller.id, { status: 'active', approved: true, imeiHash: ['imei-relisted'] });
    const relisted = await list(seller.id, { imeiHash: ['imei-relisted'] });
    const sold = await list(seller.id, { status: 'noActive', approved: true, imeiHash: ['imei-sold'], soldAt: new Date() });
    const soldAgain = await list(seller.id, { imeiHash: ['imei-sold'] });
    await checkListings(site.app, [relisted, soldAgain]);
    const cards = await waitingTab(site.app, admin.cookie);
    expect(cards.find((card) => card._id === relisted)?.checks).toEqual([]);
    expect(cards.find((card) => card._id === soldAgain)?.checks).toEqual([{ kind: 'duplicateImei', detail: sold }]);
  });

  it('checks nothing twice: a listing is checked again only when it changed or was reported since', async () => {
    const seller = await signedInUser(site.app, phone(6));
    const listing = await list(seller.id);
    const checkedAt = async () =>
      ((await site.dataSource.query(`SELECT checked_at FROM listing_check WHERE listing_id = $1`, [listing])) as { checked_at: Date }[])[0]?.checked_at;
    await checkListings(site.app, [listing]);
    const first = await checkedAt();
    expect(first).toBeDefined();
    await checks().checkWaiting();
    expect(await checkedAt()).toEqual(first);

    await site.dataSource.query(`UPDATE listing SET updated_at = $2::timestamptz + interval '1 millisecond' WHERE id = $1`, [listing, first]);
    await checkListings(site.app, [listing]);
    const afterChange = await checkedAt();
    expect(afterChange.getTime()).toBeGreaterThan(first.getTime());

    const buyer = await signedInUser(site.app, phone(8));
    await site.dataSource.query(`INSERT INTO listing_report (listing_id, reporter_id, reason, created_at) VALUES ($1, $2, 'fraud', $3::timestamptz + interval '1 millisecond')`, [
      listing,
      buyer.id,
      afterChange,
    ]);
    await checkListings(site.app, [listing]);
    expect((await waitingTab(site.app, admin.cookie)).find((card) => card._id === listing)).toMatchObject({
      checks: [{ kind: 'reports', detail: '1' }, { kind: 'newSeller', detail: null }],
      riskScore: 4,
    });
  });

  it('lets only admins read and change the banned words, refusing what is not a word list', async () => {
    const user = await signedInUser(site.app, phone(7));
    await http().get('/api/admin/banned-words').set('Cookie', user.cookie).expect(403);
    await http().put('/api/admin/banned-words').set('Cookie', user.cookie).send({ words: ['x'] }).expect(403);
    await http().put('/api/admin/banned-words').set('Cookie', admin.cookie).send({ words: ['a'] }).expect(400);
    await http().put('/api/admin/banned-words').set('Cookie', admin.cookie).send({ words: 'kredit' }).expect(400);
  });

  it("flags a photo re-uploaded from another seller's listing, pointing to it, above a clean listing", async () => {
    const original = await detailedPhoto(41);
    const first = await signedInUser(site.app, phone(9));
    const firstListing = await list(first.id, { status: 'active', approved: true });
    await showPhoto(firstListing, first.cookie, original);
    // The same seller showing the photo again in another listing is no reuse.
    const sameSeller = await list(first.id);
    await showPhoto(sameSeller, first.cookie, original);
    // A deleted listing with the photo is not pointed to.
    const other = await signedInUser(site.app, phone(10));
    const deleted = await list(other.id, { status: 'active', approved: true });
    await showPhoto(deleted, other.cookie, original);
    await site.dataSource.query(`UPDATE listing SET deleted_at = now() WHERE id = $1`, [deleted]);

    const second = await signedInUser(site.app, phone(11));
    await list(second.id, { status: 'active', approved: true });
    const copied = await list(second.id);
    // Saved from the first listing's page, shrunk and recompressed, then uploaded again.
    await showPhoto(copied, second.cookie, await sharp(original).resize(900).jpeg({ quality: 60 }).toBuffer());
    const clean = await list(second.id);
    await showPhoto(clean, second.cookie, await detailedPhoto(42));

    await checkListings(site.app, [copied, clean, sameSeller]);
    const cards = await waitingTab(site.app, admin.cookie);
    const ids = cards.map((card) => card._id);
    expect(cards.find((card) => card._id === copied)).toMatchObject({ checks: [{ kind: 'reusedPhoto', detail: firstListing }], riskScore: 3 });
    expect(cards.find((card) => card._id === clean)).toMatchObject({ checks: [], riskScore: 0 });
    expect(cards.find((card) => card._id === sameSeller)?.checks).toEqual([]);
    expect(ids.indexOf(copied)).toBeLessThan(ids.indexOf(clean));
    // Hashing again writes nothing new: every photo already has its hash.
    const hashes = await site.dataSource.query(`SELECT id, phash FROM images WHERE purpose = 'listing' AND owner_id = ANY($1) ORDER BY id`, [[first.id, second.id]]);
    expect(hashes.every((row: { phash: string | null }) => row.phash !== null)).toBe(true);
    await checks().checkWaiting();
    expect(await site.dataSource.query(`SELECT id, phash FROM images WHERE purpose = 'listing' AND owner_id = ANY($1) ORDER BY id`, [[first.id, second.id]])).toEqual(hashes);
    // A hash made by an earlier reading (migration FramedPhotoHashes) is made again.
    await site.dataSource.query(`UPDATE images SET phash = 12345, phash_stale = true WHERE id = $1`, [hashes[0].id]);
    await checks().checkWaiting();
    expect(await site.dataSource.query(`SELECT phash, phash_stale FROM images WHERE id = $1`, [hashes[0].id])).toEqual([{ phash: hashes[0].phash, phash_stale: false }]);
    // A waiting listing's photo hashed before quarter turns were (migration TurnedPhotoHashes) gets that hash when
    // the listing is checked again (here: its seller changed it).
    const [{ image_id: waitingPhoto }] = await site.dataSource.query(`SELECT image_id FROM listing_image WHERE listing_id = $1`, [copied]);
    const [before] = await site.dataSource.query(`SELECT phash, phash_turned FROM images WHERE id = $1`, [waitingPhoto]);
    expect(before.phash_turned).not.toBeNull();
    await site.dataSource.query(`UPDATE images SET phash_turned = NULL WHERE id = $1`, [waitingPhoto]);
    await site.dataSource.query(`UPDATE listing SET updated_at = now() WHERE id = $1`, [copied]);
    await checks().checkWaiting();
    expect(await site.dataSource.query(`SELECT phash, phash_turned FROM images WHERE id = $1`, [waitingPhoto])).toEqual([before]);
  });

  it('flags a copy of another seller\'s photo mirrored, turned a quarter either way or upside down, or framed in bars as a screenshot keeps it', async () => {
    const original = await detailedPhoto(51);
    const first = await signedInUser(site.app, phone(19));
    const firstListing = await list(first.id, { status: 'active', approved: true });
    await showPhoto(firstListing, first.cookie, original);
    const second = await signedInUser(site.app, phone(20));
    await list(second.id, { status: 'active', approved: true });
    const copies = {
      mirrored: await sharp(original).flop().jpeg({ quality: 80 }).toBuffer(),
      turnedRight: await sharp(original).rotate(90).jpeg({ quality: 80 }).toBuffer(),
      turnedLeft: await sharp(original).rotate(270).jpeg({ quality: 80 }).toBuffer(),
      upsideDown: await sharp(original).rotate(180).jpeg({ quality: 80 }).toBuffer(),
      barsAboveAndBelow: await sharp(original).extend({ top: 220, bottom: 220, background: '#000000' }).jpeg({ quality: 80 }).toBuffer(),
      whiteFrame: await sharp(original).extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer(),
    };
    const listings: Record<string, string> = {};
    for (const [name, copy] of Object.entries(copies)) {
      listings[name] = await list(second.id);
      await showPhoto(listings[name], second.cookie, copy);
    }
    await checkListings(site.app, Object.values(listings));
    const cards = await waitingTab(site.app, admin.cookie);
    const found = Object.fromEntries(Object.entries(listings).map(([name, id]) => [name, cards.find((card) => card._id === id)?.checks]));
    expect(found).toEqual(Object.fromEntries(Object.keys(copies).map((name) => [name, [{ kind: 'reusedPhoto', detail: firstListing }]])));
  });

  it("flags a copy of another seller's photo cropped by up to a tenth a side: zoomed in, a strip cut off one edge", async () => {
    const original = await detailedPhoto(101);
    const first = await signedInUser(site.app, phone(21));
    const firstListing = await list(first.id, { status: 'active', approved: true });
    await showPhoto(firstListing, first.cookie, original);
    const second = await signedInUser(site.app, phone(22));
    await list(second.id, { status: 'active', approved: true });
    // Shares of the 1200x900 original's width and height kept: left, top, right, bottom.
    const cropped = (left: number, top: number, right: number, bottom: number) =>
      sharp(original)
        .extract({ left: Math.round(left * 1200), top: Math.round(top * 900), width: Math.round((right - left) * 1200), height: Math.round((bottom - top) * 900) })
        .jpeg({ quality: 80 })
        .toBuffer();
    const copies = {
      zoomedIn: await cropped(0.06, 0.06, 0.94, 0.94),
      zoomedInFurther: await cropped(0.1, 0.1, 0.9, 0.9),
      watermarkStripCut: await cropped(0, 0, 1, 0.9),
      leftAndTopCut: await cropped(0.08, 0.04, 1, 1),
    };
    const listings: Record<string, string> = {};
    for (const [name, copy] of Object.entries(copies)) {
      listings[name] = await list(second.id);
      await showPhoto(listings[name], second.cookie, copy);
    }
    const honest = await list(second.id);
    await showPhoto(honest, second.cookie, await detailedPhoto(102));
    await checkListings(site.app, [...Object.values(listings), honest]);
    const cards = await waitingTab(site.app, admin.cookie);
    const found = Object.fromEntries(Object.entries(listings).map(([name, id]) => [name, cards.find((card) => card._id === id)?.checks]));
    expect(found).toEqual(Object.fromEntries(Object.keys(copies).map((name) => [name, [{ kind: 'reusedPhoto', detail: firstListing }]])));
    expect(cards.find((card) => card._id === honest)?.checks).toEqual([]);
  });

  it("flags a screenshot of another seller's photo: on a listing's page in another app, in a chat, in a gallery", async () => {
    const original = await detailedPhoto(121);
    const first = await signedInUser(site.app, phone(23));
    const firstListing = await list(first.id, { status: 'active', approved: true });
    await showPhoto(firstListing, first.cookie, original);
    const second = await signedInUser(site.app, phone(24));
    await list(second.id, { status: 'active', approved: true });
    const listings: Record<string, string> = {};
    for (const [kind, screenshot] of Object.entries(await screenshotsOf(original))) {
      listings[kind] = await list(second.id);
      await showPhoto(listings[kind], second.cookie, screenshot);
    }
    // A screenshot of a photo of one's own is no copy.
    const honest = await list(second.id);
    await showPhoto(honest, second.cookie, (await screenshotsOf(await detailedPhoto(122))).appPage);
    await checkListings(site.app, [...Object.values(listings), honest]);
    const cards = await waitingTab(site.app, admin.cookie);
    const found = Object.fromEntries(Object.entries(listings).map(([kind, id]) => [kind, cards.find((card) => card._id === id)?.checks]));
    expect(found).toEqual(Object.fromEntries(Object.keys(listings).map((kind) => [kind, [{ kind: 'reusedPhoto', detail: firstListing }]])));
    expect(cards.find((card) => card._id === honest)?.checks).toEqual([]);
  });

  it('puts a seller whose messages tripped the text checks 3 times in 7 days ahead of an otherwise identical listing, with why', async () => {
    const honest = await signedInUser(site.app, phone(16));
    const offender = await signedInUser(site.app, phone(17));
    const buyer = await signedInUser(site.app, phone(18));
    await list(honest.id, { status: 'active', approved: true });
    const onSale = await list(offender.id, { status: 'active', approved: true });
    const waitingHonest = await list(honest.id);
    const waitingOffender = await list(offender.id);
    // The offender's listing came in later: by age alone it waits behind the honest one.
    await site.dataSource.query(`UPDATE listing SET created_at = '2019-01-02' WHERE id = $1`, [waitingOffender]);
    await checkListings(site.app, [waitingHonest, waitingOffender]);

    const opened = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId: onSale, text: 'Salom, bormi?' }).expect(201);
    const answer = (text: string) => http().post(`/api/conversations/${opened.body.id}/messages`).set('Cookie', offender.cookie).send({ text }).expect(201);
    // A flagged message that is older than 7 days does not count.
    await answer('Predoplata 50% kerak');
    await site.dataSource.query(`UPDATE conversation_message SET created_at = now() - interval '8 days' WHERE author_id = $1`, [offender.id]);
    await answer('Kartamga 8600 1234 5678 9012 ga tashlang');
    await answer('Rasmlar: https://t.me/phoneshop');
    await answer('Ha, bor, kelib ko‘ring');

    const order = async () => (await waitingTab(site.app, admin.cookie)).map((card) => card._id).filter((id) => id === waitingHonest || id === waitingOffender);
    expect(await order()).toEqual([waitingHonest, waitingOffender]);

    await answer('Oldindan to‘lov qiling, keyin yuboraman');
    const cards = await waitingTab(site.app, admin.cookie);
    expect(cards.map((card) => card._id).filter((id) => id === waitingHonest || id === waitingOffender)).toEqual([waitingOffender, waitingHonest]);
    expect(cards.find((card) => card._id === waitingOffender)).toMatchObject({ checks: [{ kind: 'flaggedMessages', detail: '3' }], riskScore: 3 });
    expect(cards.find((card) => card._id === waitingHonest)).toMatchObject({ checks: [], riskScore: 0 });
    // The listing's own page shows the moderator the same signal.
    const card = await http().get(`/api/phone/${waitingOffender}/moderation`).set('Cookie', admin.cookie).expect(200);
    expect(card.body.checks).toEqual([{ kind: 'flaggedMessages', detail: '3' }]);
  });

  it("brings a repeat offender's newest listing on sale into the waiting tab when nothing of theirs waits, again only after 3 more flagged messages since a moderator's look", async () => {
    const offender = await signedInUser(site.app, phone(19));
    const buyer = await signedInUser(site.app, phone(20));
    const older = await list(offender.id, { status: 'active', approved: true });
    const newest = await list(offender.id, { status: 'active', approved: true });
    await site.dataSource.query(`UPDATE listing SET created_at = '2019-01-02' WHERE id = $1`, [newest]);
    const opened = await http().post('/api/conversations').set('Cookie', buyer.cookie).send({ listingId: older, text: 'Salom, bormi?' }).expect(201);
    const answer = (text: string) => http().post(`/api/conversations/${opened.body.id}/messages`).set('Cookie', offender.cookie).send({ text }).expect(201);
    const offendersCards = async () => (await waitingTab(site.app, admin.cookie)).filter((card) => card._id === older || card._id === newest);
    // The tab's count less the listings waiting now: the listings on sale it holds. Other files add waiting listings
    // to the shared database meanwhile: a count read between the two is read again.
    const onSaleInTab = async () => {
      const tab = (await http().get('/api/phone/waiting?status=waiting&page=1').set('Cookie', admin.cookie).expect(200)).body.counts.waiting;
      const [{ waiting }] = await site.dataSource.query(`SELECT count(*)::int AS waiting FROM listing WHERE status = 'waiting' AND deleted_at IS NULL`);
      return tab - waiting;
    };
    const onSaleBefore = await onSaleInTab();

    await answer('Predoplata 50% kerak');
    await answer('Kartamga 8600 1234 5678 9012 ga tashlang');
    expect(await offendersCards()).toEqual([]);
    await answer('Rasmlar: https://t.me/phoneshop');
    expect(await offendersCards()).toMatchObject([{ _id: newest, status: 'active', checks: [{ kind: 'flaggedMessages', detail: '3' }], riskScore: 3 }]);
    await eventually(async () => expect(await onSaleInTab()).toBe(onSaleBefore + 1));

    // 'Ko'rib chiqildi': the seller leaves the tab, the listing stays on sale.
    await http().post(`/api/phone/${newest}/messages-looked`).set('Cookie', admin.cookie).expect(204);
    expect(await offendersCards()).toEqual([]);
    await eventually(async () => expect(await onSaleInTab()).toBe(onSaleBefore));
    expect((await http().get(`/api/phone/${newest}`).expect(200)).body.status).toBe('active');
    await answer('Oldindan to‘lov qiling');
    await answer('Predoplata kerak');
    expect(await offendersCards()).toEqual([]);
    await answer('Kartam 8600 1234 5678 9012');
    expect(await offendersCards()).toMatchObject([{ _id: newest, checks: [{ kind: 'flaggedMessages', detail: '6' }] }]);
  });
});
