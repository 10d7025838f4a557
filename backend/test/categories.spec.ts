import type { INestApplication } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { categorySchema, type Category, type ImageRef } from '@market/contracts';
import { CategoriesService } from '../src/categories/categories.service';
import { CategoryListingCounts } from '../src/browse/category-listing-counts';
import { ListingFeedService } from '../src/browse/listing-feed.service';
import { startedApp } from '../../test/support/app';
import { burstBehindRow, countStatuses } from '../../test/support/burst';
import { createSignedInUser } from '../../test/support/users';

/** Names of this file only: other files share the database. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

describe('categories (brands) API', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let admin: string;
  let user: string;
  const http = () => request(app.getHttpServer());

  async function uploadCategoryImage(): Promise<ImageRef> {
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1428A0' } }).png().toBuffer();
    const response = await http().post('/api/uploadImg').set('Cookie', admin).attach('image', picture, 'brand.png').expect(201);
    return response.body;
  }

  async function imageRow(id: string): Promise<{ attached: boolean } | undefined> {
    const [row] = await dataSource.query(`SELECT attached FROM images WHERE id = $1`, [id]);
    return row;
  }

  async function createCategory(body: Record<string, unknown> = {}): Promise<Category> {
    const response = await http()
      .post('/api/category')
      .set('Cookie', admin)
      .send({ name: unique('Brand'), color: '#123ABC', number: 50, ...body })
      .expect(201);
    return response.body;
  }

  async function listed(id: string): Promise<Category | undefined> {
    const response = await http().get('/api/category').expect(200);
    return (response.body as Category[]).find((category) => category._id === id);
  }

  async function addDevice(categoryId: string): Promise<void> {
    await dataSource.query(`INSERT INTO devices (name, category_id) VALUES ($1, $2)`, [unique('Test phone'), categoryId]);
  }

  beforeAll(async () => {
    app = await startedApp({ STORAGE_DIR: mkdtempSync(join(tmpdir(), 'category-images-')) });
    dataSource = app.get(DataSource);
    admin = (await createSignedInUser(app, { role: 'admin' })).cookie;
    user = (await createSignedInUser(app)).cookie;
  });
  afterAll(() => app.close());

  describe('GET /api/category', () => {
    it('lists every category to anyone, ordered by number, in the spec shape with counts', async () => {
      const response = await http().get('/api/category').expect(200);
      const categories = response.body as Category[];
      for (const category of categories) expect(categorySchema.parse(category)).toEqual(category);
      const numbers = categories.map((category) => category.number);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    });

    it('counts the devices of each brand', async () => {
      const category = await createCategory();
      await addDevice(category._id);
      await addDevice(category._id);
      expect(await listed(category._id)).toMatchObject({ devicesCount: 2, PhonesCount: 0 });
    });

    it('shows the listings on sale the feed counts as PhonesCount', async () => {
      const category = await createCategory();
      const counts = jest.spyOn(app.get(ListingFeedService), 'onSaleByBrand').mockResolvedValue(new Map([[category._id, 7]]));
      try {
        expect(await listed(category._id)).toMatchObject({ PhonesCount: 7 });
      } finally {
        counts.mockRestore();
      }
    });
  });

  describe('POST /api/category', () => {
    it('refuses visitors with 401 and regular users with 403, creating nothing', async () => {
      const name = unique('Refused');
      await http().post('/api/category').send({ name, color: '#000000', number: 1 }).expect(401);
      const refused = await http().post('/api/category').set('Cookie', user).send({ name, color: '#000000', number: 1 }).expect(403);
      expect(refused.body.code).toBe('forbidden');
      const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM categories WHERE name = $1`, [name]);
      expect(count).toBe(0);
    });

    it('creates a category for an admin and answers it', async () => {
      const name = unique('Sony');
      const response = await http()
        .post('/api/category')
        .set('Cookie', admin)
        .send({ name: `  ${name} `, color: '#aa00FF', number: '3', description: 'Xperia' })
        .expect(201);
      expect(response.body).toEqual({
        _id: expect.any(String),
        name,
        color: '#aa00FF',
        description: 'Xperia',
        number: 3,
        image: null,
        parent: null,
        PhonesCount: 0,
        devicesCount: 0,
      });
      expect(await listed(response.body._id)).toEqual(response.body);
    });

    it('answers each wrong field with its translated message key and creates nothing', async () => {
      const response = await http()
        .post('/api/category')
        .set('Cookie', admin)
        .send({ name: ' ', color: 'blue', number: -2 })
        .expect(400);
      expect(response.body).toMatchObject({
        code: 'validationFailed',
        fields: { name: 'required', color: 'categoryColorInvalid', number: 'categoryNumberInvalid' },
      });
      await http().post('/api/category').set('Cookie', admin).send({ name: unique('Half'), color: '#000000', number: 1.5 }).expect(400);
    });

    it('refuses a name that is taken, whatever its case, with 409', async () => {
      const existing = await createCategory();
      const response = await http()
        .post('/api/category')
        .set('Cookie', admin)
        .send({ name: existing.name.toUpperCase(), color: '#000000', number: 1 })
        .expect(409);
      expect(response.body).toMatchObject({ code: 'categoryNameTaken', fields: { name: 'categoryNameTaken' } });
      expect(response.body.message.en).toBe('A category with this name already exists');
    });

    it('shows the uploaded image and marks it used, so the clean-up of unused uploads keeps it', async () => {
      const image = await uploadCategoryImage();
      expect(await imageRow(image._id)).toEqual({ attached: false });
      const category = await createCategory({ image: image._id });
      expect(category.image).toEqual(image);
      expect((await listed(category._id))?.image).toEqual(image);
      expect(await imageRow(image._id)).toEqual({ attached: true });
      await http().get(new URL(image.location).pathname).expect(200).expect('Content-Type', /webp/);
    });

    it('refuses an image id that names no category image (unknown, or an avatar), creating nothing', async () => {
      const name = unique('Pictured');
      const response = await http()
        .post('/api/category')
        .set('Cookie', admin)
        .send({ name, color: '#000000', number: 1, image: '0d6f3c1e-8a52-4c3e-9a4f-1b2c3d4e5f60' })
        .expect(400);
      expect(response.body.fields).toEqual({ image: 'categoryImageNotFound' });
      const [{ id: avatarId }] = await dataSource.query(
        `INSERT INTO images (purpose, key, location) VALUES ('avatar', 'avatar/x.webp', 'http://localhost/uploads/avatar/x.webp') RETURNING id`,
      );
      await http().post('/api/category').set('Cookie', admin).send({ name, color: '#000000', number: 1, image: avatarId }).expect(400);
      const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM categories WHERE name = $1`, [name]);
      expect(count).toBe(0);
    });
  });

  describe('PUT /api/category/{id}', () => {
    it('refuses visitors with 401 and regular users with 403, changing nothing', async () => {
      const category = await createCategory();
      const body = { name: unique('Renamed'), color: '#FFFFFF', number: 9 };
      await http().put(`/api/category/${category._id}`).send(body).expect(401);
      await http().put(`/api/category/${category._id}`).set('Cookie', user).send(body).expect(403);
      expect(await listed(category._id)).toEqual(category);
    });

    it('edits a category for an admin, keeping its counts', async () => {
      const category = await createCategory({ description: 'old' });
      await addDevice(category._id);
      const name = unique('Edited');
      const response = await http()
        .put(`/api/category/${category._id}`)
        .set('Cookie', admin)
        .send({ name, color: '#00FF00', number: 0 })
        .expect(200);
      expect(response.body).toEqual({ ...category, name, color: '#00FF00', number: 0, description: null, devicesCount: 1 });
    });

    it('deletes the image it replaces and its file', async () => {
      const [first, second] = [await uploadCategoryImage(), await uploadCategoryImage()];
      const category = await createCategory({ image: first._id });
      const response = await http()
        .put(`/api/category/${category._id}`)
        .set('Cookie', admin)
        .send({ name: category.name, color: category.color, number: category.number, image: second._id })
        .expect(200);
      expect(response.body.image).toEqual(second);
      expect(await imageRow(first._id)).toBeUndefined();
      await http().get(new URL(first.location).pathname).expect(404);

      const cleared = await http()
        .put(`/api/category/${category._id}`)
        .set('Cookie', admin)
        .send({ name: category.name, color: category.color, number: category.number, image: null })
        .expect(200);
      expect(cleared.body.image).toBeNull();
      expect(await imageRow(second._id)).toBeUndefined();
    });

    it('refuses the name of another category with 409 and keeps the old one', async () => {
      const [first, second] = [await createCategory(), await createCategory()];
      await http()
        .put(`/api/category/${second._id}`)
        .set('Cookie', admin)
        .send({ name: first.name, color: '#000000', number: 1 })
        .expect(409);
      expect((await listed(second._id))?.name).toBe(second.name);
    });

    it('keeps its own name when only other fields change', async () => {
      const category = await createCategory();
      await http()
        .put(`/api/category/${category._id}`)
        .set('Cookie', admin)
        .send({ name: category.name.toLowerCase(), color: '#111111', number: 2 })
        .expect(200);
    });

    it('answers 404 for an unknown or malformed id and 400 for a wrong body', async () => {
      const body = { name: unique('Ghost'), color: '#000000', number: 1 };
      const unknown = await http().put('/api/category/5b0c8f2a-1d3e-4f5a-9b6c-7d8e9f0a1b2c').set('Cookie', admin).send(body).expect(404);
      expect(unknown.body.code).toBe('categoryNotFound');
      await http().put('/api/category/not-an-id').set('Cookie', admin).send(body).expect(404);
      const category = await createCategory();
      await http().put(`/api/category/${category._id}`).set('Cookie', admin).send({ ...body, color: '#GGGGGG' }).expect(400);
    });
  });

  describe('DELETE /api/category/{id}', () => {
    it('refuses visitors with 401 and regular users with 403, deleting nothing', async () => {
      const category = await createCategory();
      await http().delete(`/api/category/${category._id}`).expect(401);
      await http().delete(`/api/category/${category._id}`).set('Cookie', user).expect(403);
      expect(await listed(category._id)).toBeDefined();
    });

    it('deletes an unused category and its image for an admin', async () => {
      const image = await uploadCategoryImage();
      const category = await createCategory({ image: image._id });
      const response = await http().delete(`/api/category/${category._id}`).set('Cookie', admin).expect(200);
      expect(response.body).toEqual({ _id: category._id });
      expect(await listed(category._id)).toBeUndefined();
      expect(await imageRow(image._id)).toBeUndefined();
      await http().delete(`/api/category/${category._id}`).set('Cookie', admin).expect(404);
    });

    it("answers deletions of one category lined up behind its row on a pool no larger than their number, each counting on its own transaction's connection", async () => {
      // The deletions waiting for the category's row hold every connection; the one that got the row asked the pool
      // for a second connection to count the devices and waited for them (503 after 3 s).
      const category = await createCategory();
      const small = await startedApp({ DATABASE_POOL_SIZE: '3' });
      try {
        const lock = { sql: `SELECT 1 FROM categories WHERE id = $1 FOR UPDATE`, params: [category._id] };
        const answers = await burstBehindRow(dataSource, lock, 3, 6, () => request(small.getHttpServer()).delete(`/api/category/${category._id}`).set('Cookie', admin));
        expect(countStatuses(answers)).toEqual({ 200: 1, 404: 5 });
      } finally {
        await small.close();
      }
    });

    it('refuses to delete a category that still has devices, saying how many', async () => {
      const category = await createCategory();
      await addDevice(category._id);
      await addDevice(category._id);
      await addDevice(category._id);
      const response = await http().delete(`/api/category/${category._id}`).set('Cookie', admin).expect(409);
      expect(response.body.code).toBe('categoryInUse');
      expect(response.body.message).toEqual({
        uz: "Bo'limni o'chirib bo'lmaydi: unda 3 ta qurilma va 0 ta e'lon bor, 0 tasi sotuvda",
        ru: 'Раздел нельзя удалить: в нём устройств — 3, объявлений — 0, из них в продаже — 0',
        en: 'The category cannot be deleted: it has 3 devices and 0 listings, 0 of them on sale',
      });
      expect(await listed(category._id)).toBeDefined();
    });

    it("counts, among the listings that keep a category, those on sale as the table does", async () => {
      const category = await createCategory();
      const { id: sellerId } = await createSignedInUser(app);
      for (const [status, deleted] of [['active', false], ['active', true], ['waiting', false]] as const) {
        await dataSource.query(
          `INSERT INTO listing (author_id, category_id, custom_model, name, price, valut, price_uzs, region, description, phone_number, status, deleted_at)
           VALUES ($1, $2, 'Counted', 'Counted phone', 1000000, 'uzs', 1000000, 'toshkent', 'Yaxshi', '998901112233', $3, $4)`,
          [sellerId, category._id, status, deleted ? new Date() : null],
        );
      }
      expect((await listed(category._id))!.PhonesCount).toBe(1);
      const response = await http().delete(`/api/category/${category._id}`).set('Cookie', admin).expect(409);
      expect(response.body.message.en).toBe('The category cannot be deleted: it has 0 devices and 3 listings, 1 of them on sale');
    });

    it('refuses to delete a category that still has listings of any status', async () => {
      const category = await createCategory();
      const counts = jest
        .spyOn(app.get(CategoryListingCounts), 'countInCategory')
        .mockImplementation(async (categoryId) => (categoryId === category._id ? 2 : 0));
      try {
        const response = await http().delete(`/api/category/${category._id}`).set('Cookie', admin).expect(409);
        expect(response.body.message.en).toBe('The category cannot be deleted: it has 0 devices and 2 listings, 0 of them on sale');
      } finally {
        counts.mockRestore();
      }
      expect(await listed(category._id)).toBeDefined();
    });
  });

  describe('brands as the other modules read them', () => {
    it("finds and counts a series' listings under its brand (issue 36 item 4), and the series alone under its own", async () => {
      const maker = await createCategory({ name: unique('Maker') });
      const series = await createCategory({ name: unique('Maker series'), parent: maker._id });
      expect(series.parent).toBe(maker._id);
      const { id: sellerId } = await createSignedInUser(app);
      for (const [categoryId, name] of [[maker._id, unique('Maker phone')], [series._id, unique('Series phone')]]) {
        await dataSource.query(
          `INSERT INTO listing (author_id, category_id, custom_model, name, price, valut, price_uzs, region, description, phone_number, status)
           VALUES ($1, $2, 'Counted', $3, 1000000, 'uzs', 1000000, 'toshkent', 'Yaxshi', '998901112233', 'active')`,
          [sellerId, categoryId, name],
        );
      }
      const namesUnder = async (brand: string) => ((await http().get('/api/phone').query({ brand, page: 1 }).expect(200)).body.phones as { name: string }[]).map((phone) => phone.name);
      expect(await namesUnder(maker.name.toLowerCase())).toHaveLength(2);
      expect(await namesUnder(maker._id)).toHaveLength(2);
      expect(await namesUnder(series._id)).toEqual([expect.stringMatching(/^Series phone/)]);
      expect((await listed(maker._id))!.PhonesCount).toBe(2);
      expect((await listed(series._id))!.PhonesCount).toBe(1);
    });

    it('refuses a series of a series, a brand of its own series, and a brand with series joining another', async () => {
      const maker = await createCategory();
      const series = await createCategory({ parent: maker._id });
      const other = await createCategory();
      const refused = async (request: Promise<request.Response>) => expect((await request).body.fields).toEqual({ parent: 'categoryParentInvalid' });
      await refused(http().post('/api/category').set('Cookie', admin).send({ name: unique('Deep'), color: '#123ABC', number: 50, parent: series._id }).expect(400));
      await refused(http().put(`/api/category/${maker._id}`).set('Cookie', admin).send({ name: maker.name, color: '#123ABC', number: 50, parent: maker._id }).expect(400));
      await refused(http().put(`/api/category/${maker._id}`).set('Cookie', admin).send({ name: maker.name, color: '#123ABC', number: 50, parent: other._id }).expect(400));
      // Freed from its brand, a series is a brand of its own again.
      const freed = await http().put(`/api/category/${series._id}`).set('Cookie', admin).send({ name: series.name, color: '#123ABC', number: 50, parent: null }).expect(200);
      expect(freed.body.parent).toBeNull();
    });

    it("finds each brand by its name in any case with its series, as the feed's `?brand=Xiaomi` takes them", async () => {
      const brand = await createCategory({ name: unique('MixedCase') });
      const series = await createCategory({ name: unique('Series'), parent: brand._id });
      const families = await app.get(CategoriesService).families();
      expect(families.idsOf(brand.name.toUpperCase())).toEqual([brand._id, series._id]);
      expect(families.idsOf(brand._id)).toEqual([brand._id, series._id]);
      expect(families.idsOf(series.name)).toEqual([series._id]);
      expect(families.idsOf('No such brand')).toEqual([]);
    });

    it('names the brands asked for, leaving out one that is gone', async () => {
      const [first, second] = [await createCategory(), await createCategory()];
      const names = await app.get(CategoriesService).namesOf([first._id, second._id, '00000000-0000-4000-8000-000000000000']);
      expect(names).toEqual(
        new Map([
          [first._id, first.name],
          [second._id, second.name],
        ]),
      );
      expect(await app.get(CategoriesService).namesOf([])).toEqual(new Map());
    });
  });
});
