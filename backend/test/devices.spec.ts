import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { deviceSchema, deviceSpecRefreshSchema, type Device, type SeedDevice } from '@market/contracts';
import { AppConfig } from '../src/config/app-config';
import { OutboxService } from '../src/events/outbox.service';
import { RedisClient } from '../src/redis/redis.module';
import { DEVICE_SPEC_REFRESH_LIMIT } from '../src/devices/devices.service';
import { DeviceSeeder } from '../src/devices/seed/device-seeder';
import { RateLimitService } from '../src/rate-limit/rate-limit.service';
import { readSeedFiles, SHIPPED_SEED_DIR } from '../src/devices/seed/seed-files';
import { eventually } from '../../test/support/eventually';
import { startedApp } from '../../test/support/app';
import { createSignedInUser, type TestUser } from '../../test/support/users';

/** Names of this file only: other files share the database. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;
const UNKNOWN_ID = '3c9e7a10-2b4d-4e6f-8a1b-9c0d1e2f3a4b';

function seedEntry(name: string, brand: string, internal = '128GB 8GB RAM, 256GB 8GB RAM'): SeedDevice {
  return {
    name,
    brand,
    quickSpec: [
      ['Display size', '6.5"'],
      ['Display resolution', '1080x2400 pixels'],
      ['Camera pixels', '50MP'],
      ['Video pixels', '1080p'],
      ['RAM size', '8GB RAM'],
      ['Chipset', 'Testchip 1'],
      ['Battery size', '5000mAh'],
      ['Battery type', 'Li-Po'],
    ].map(([specName, value]) => ({ name: specName, value })),
    detailSpec: [
      { category: 'Memory', specifications: [{ name: 'Internal', value: internal }] },
      { category: 'Misc', specifications: [{ name: 'Colors', value: 'Black, Green' }] },
    ],
  };
}

describe('device catalogue API', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let admin: string;
  let user: string;
  let otherUser: TestUser;
  const http = () => request(app.getHttpServer());

  async function deviceNamed(name: string): Promise<{ id: string; search_count: number; quick_spec: unknown }> {
    const [device] = await dataSource.query(`SELECT id, search_count, quick_spec FROM devices WHERE name = $1`, [name]);
    return device;
  }

  /** A device of a test brand of its own, with stored specs. */
  async function testDevice(): Promise<{ id: string; name: string }> {
    const directory = mkdtempSync(join(tmpdir(), 'device-seed-'));
    const name = unique('Testfone');
    writeFileSync(join(directory, 'testfone.json'), JSON.stringify([seedEntry(name, 'Testfone')]));
    await app.get(DeviceSeeder).seed(directory);
    return { id: (await deviceNamed(name)).id, name };
  }

  /**
   * Stands in for the workers' spec refresh: once the device's refresh is requested it
   * writes new specs, or marks the refresh failed, the way the device-specs job does.
   */
  async function workerAnswers(deviceId: string, outcome: 'refreshed' | 'failed'): Promise<void> {
    const [{ before }] = await dataSource.query(`SELECT specs_refresh_requested_at AS before FROM devices WHERE id = $1`, [deviceId]);
    await eventually(async () => {
      const [{ requested }] = await dataSource.query(`SELECT specs_refresh_requested_at AS requested FROM devices WHERE id = $1`, [deviceId]);
      expect(requested?.getTime()).not.toBe(before?.getTime());
    });
    await dataSource.query(
      outcome === 'refreshed'
        ? `UPDATE devices SET quick_spec = '[{"name":"Display size","value":"6.7\\""}]', specs_refreshed_at = clock_timestamp() WHERE id = $1`
        : `UPDATE devices SET specs_refresh_failed_at = clock_timestamp(), specs_refresh_error = 'HTTP 500' WHERE id = $1`,
      [deviceId],
    );
  }

  beforeAll(async () => {
    app = await startedApp({ DEVICE_SPEC_WAIT_MS: '1500', STORAGE_DIR: mkdtempSync(join(tmpdir(), 'device-pictures-')) });
    dataSource = app.get(DataSource);
    admin = (await createSignedInUser(app, { role: 'admin' })).cookie;
    user = (await createSignedInUser(app)).cookie;
    otherUser = await createSignedInUser(app);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => app.close());

  describe('seed', () => {
    it('puts every shipped device under a category named after its brand', async () => {
      const devices = readSeedFiles(SHIPPED_SEED_DIR).flatMap((file) => file.devices);
      const rows: { name: string; brand: string }[] = await dataSource.query(
        `SELECT d.name, c.name AS brand FROM devices d JOIN categories c ON c.id = d.category_id WHERE d.name = ANY($1)`,
        [devices.map((device) => device.name)],
      );
      const brandOf = new Map(rows.map((row) => [row.name, row.brand.toLowerCase()]));
      for (const device of devices) expect([device.name, brandOf.get(device.name)]).toEqual([device.name, device.brand.toLowerCase()]);
    });

    it("makes Redmi and POCO Xiaomi's series, as buyers know them (issue 36 item 4)", async () => {
      const series: { name: string }[] = await dataSource.query(
        `SELECT series.name FROM categories series JOIN categories maker ON maker.id = series.parent_id WHERE lower(maker.name) = 'xiaomi' ORDER BY series.name`,
      );
      expect(series.map((row) => row.name)).toEqual(['POCO', 'Redmi']);
    });

    it('writes nothing when run again', async () => {
      expect(await app.get(DeviceSeeder).seed()).toMatchObject({ written: 0, problems: 0 });
    });

    it("shows every shipped model with its brand's drawing from our own storage, which the API serves", async () => {
      const names = readSeedFiles(SHIPPED_SEED_DIR).flatMap((file) => file.devices.map((device) => device.name));
      const pictures: { img: string | null }[] = await dataSource.query(`SELECT DISTINCT img FROM devices WHERE name = ANY($1)`, [names]);
      const ours = `${new URL('/uploads/device-pictures/brands/', app.get(AppConfig).PUBLIC_URL)}`;
      expect(pictures.filter(({ img }) => !img?.startsWith(ours))).toEqual([]);
      // One drawing per brand: 17 brands.
      expect(pictures).toHaveLength(17);
      for (const { img } of pictures) {
        const response = await http().get(new URL(img!).pathname).buffer(true).expect(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(await sharp(response.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 240, height: 320 });
      }
    });

    it('applies the seed to a database that has the model already: one row by name, whatever its case, and nothing written again', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'device-seed-'));
      const name = unique('Testfone Older');
      writeFileSync(join(directory, 'testfone.json'), JSON.stringify([seedEntry(name, 'Testfone')]));
      const [{ id: otherBrand }] = await dataSource.query(`SELECT id FROM categories ORDER BY number LIMIT 1`);
      // As a database from before this catalogue has it: another spelling, a hot-linked picture, no seed hash.
      const [{ id }] = await dataSource.query(
        `INSERT INTO devices (name, category_id, img) VALUES ($1, $2, 'https://fdn2.gsmarena.com/vv/bigpic/testfone.jpg') RETURNING id`,
        [name.toLowerCase(), otherBrand],
      );
      const seeder = app.get(DeviceSeeder);

      expect(await seeder.seed(directory)).toMatchObject({ devices: 1, written: 1, problems: 0 });
      expect(await seeder.seed(directory)).toMatchObject({ devices: 1, written: 0 });

      const rows = await dataSource.query(
        `SELECT d.id, d.name, d.img, d.quick_spec, c.name AS brand FROM devices d JOIN categories c ON c.id = d.category_id WHERE lower(d.name) = lower($1)`,
        [name],
      );
      expect(rows).toEqual([
        {
          id,
          name,
          brand: 'Testfone',
          quick_spec: seedEntry(name, 'Testfone').quickSpec,
          img: expect.stringMatching(/\/uploads\/device-pictures\/brands\/testfone-[0-9a-f]{16}\.webp$/),
        },
      ]);
    });

    it("keeps a model's own photo when its seed entry changes", async () => {
      const directory = mkdtempSync(join(tmpdir(), 'device-seed-'));
      const name = unique('Testfone Photo');
      const seedFile = join(directory, 'testfone.json');
      writeFileSync(seedFile, JSON.stringify([seedEntry(name, 'Testfone')]));
      const seeder = app.get(DeviceSeeder);
      await seeder.seed(directory);
      const photo = 'http://127.0.0.1/uploads/device-pictures/3c9e7a10-photo.webp';
      await dataSource.query(`UPDATE devices SET img = $2, picture_key = 'device-pictures/3c9e7a10-photo.webp' WHERE name = $1`, [name, photo]);

      writeFileSync(seedFile, JSON.stringify([seedEntry(name, 'Testfone', '256GB 12GB RAM')]));
      expect(await seeder.seed(directory)).toMatchObject({ written: 1 });

      const [device] = await dataSource.query(`SELECT img, detail_spec FROM devices WHERE name = $1`, [name]);
      expect(device.img).toBe(photo);
      expect(device.detail_spec[0].specifications[0].value).toBe('256GB 12GB RAM');
    });

    it('keeps specs refreshed from the spec source until the seed entry itself changes', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'device-seed-'));
      const name = unique('Testfone Keep');
      const seedFile = join(directory, 'testfone.json');
      writeFileSync(seedFile, JSON.stringify([seedEntry(name, 'Testfone')]));
      const seeder = app.get(DeviceSeeder);
      expect(await seeder.seed(directory)).toMatchObject({ files: 1, devices: 1, written: 1 });
      const refreshed = [{ name: 'Display size', value: '6.6"' }];
      await dataSource.query(`UPDATE devices SET quick_spec = $2 WHERE name = $1`, [name, JSON.stringify(refreshed)]);

      expect(await seeder.seed(directory)).toMatchObject({ written: 0 });
      expect((await deviceNamed(name)).quick_spec).toEqual(refreshed);

      writeFileSync(seedFile, JSON.stringify([seedEntry(name, 'Testfone', '256GB 12GB RAM')]));
      expect(await seeder.seed(directory)).toMatchObject({ written: 1 });
      expect((await deviceNamed(name)).quick_spec).toEqual(seedEntry(name, 'Testfone').quickSpec);
    });

    it('leaves out a broken or repeated entry and seeds the rest of the file', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'device-seed-'));
      const good = unique('Testfone Good');
      const broken = { ...seedEntry(unique('Testfone Broken'), 'Testfone'), quickSpec: [] };
      writeFileSync(join(directory, 'testfone.json'), JSON.stringify([seedEntry(good, 'Testfone'), broken, seedEntry(good.toUpperCase(), 'Testfone')]));
      writeFileSync(join(directory, 'notes.json'), '{ not json');
      expect(await app.get(DeviceSeeder).seed(directory)).toMatchObject({ devices: 1, written: 1, problems: 3 });
      expect(await deviceNamed(good)).toBeDefined();
      expect(await deviceNamed(broken.name)).toBeUndefined();
    });
  });

  describe('POST /api/phone/find-device', () => {
    it('asks for more than 3 characters with the spec message', async () => {
      for (const body of [{ name: 'ip' }, { name: '  a ' }, {}]) {
        const response = await http().post('/api/phone/find-device').send(body).expect(400);
        expect(response.body.fields).toEqual({ name: 'deviceSearchMin' });
      }
      const response = await http().post('/api/phone/find-device').send({ name: 'ip' });
      expect(response.body.code).toBe('validationFailed');
    });

    it.each([
      ['iphone13', 'Apple iPhone 13'],
      ['Iphone 13 pro', 'Apple iPhone 13 Pro'],
      ['IPHONE  13   PRO  MAX', 'Apple iPhone 13 Pro Max'],
      ['galaxy s23', 'Samsung Galaxy S23'],
      ['galaxy s23 ultra', 'Samsung Galaxy S23 Ultra'],
      ['redmi note 13', 'Xiaomi Redmi Note 13'],
      ['redminote13pro', 'Xiaomi Redmi Note 13 Pro'],
      ['iphon 13', 'Apple iPhone 13'],
      // Cyrillic, spellings by ear, a swap of two letters (issue 17).
      ['айфон 13', 'Apple iPhone 13'],
      ['самсунг галакси s23 ультра', 'Samsung Galaxy S23 Ultra'],
      ['redmi nout 13', 'Xiaomi Redmi Note 13'],
      ['galayx s23', 'Samsung Galaxy S23'],
    ])('finds what a person means by %j first', async (typed, expected) => {
      const response = await http().post('/api/phone/find-device').send({ name: typed }).expect(200);
      expect(response.body.devices[0]?.name).toBe(expected);
      expect(response.body.count).toBeGreaterThanOrEqual(response.body.devices.length);
    });

    it('answers the devices in the spec shape with their specs', async () => {
      const response = await http().post('/api/phone/find-device').send({ name: 'iphone 13' }).expect(200);
      const devices = response.body.devices as Device[];
      expect(devices.map((device) => device.name)).toEqual(
        expect.arrayContaining(['Apple iPhone 13', 'Apple iPhone 13 mini', 'Apple iPhone 13 Pro', 'Apple iPhone 13 Pro Max']),
      );
      for (const device of devices) expect(deviceSchema.parse(device)).toEqual(device);
      expect(devices[0].quickSpec[2].name).toBe('Camera pixels');
    });

    it('puts the most selected first among names about as close', async () => {
      await dataSource.query(`UPDATE devices SET search_count = 500 WHERE name = 'Samsung Galaxy S23 FE'`);
      try {
        const response = await http().post('/api/phone/find-device').send({ name: 'galaxy s23' }).expect(200);
        const names = (response.body.devices as Device[]).map((device) => device.name);
        expect(names.slice(0, 4)).toEqual(['Samsung Galaxy S23', 'Samsung Galaxy S23+', 'Samsung Galaxy S23 FE', 'Samsung Galaxy S23 Ultra']);
      } finally {
        await dataSource.query(`UPDATE devices SET search_count = 0 WHERE name = 'Samsung Galaxy S23 FE'`);
      }
    });

    it('answers an empty result for a name nothing resembles', async () => {
      const response = await http().post('/api/phone/find-device').send({ name: 'qqxxzzww' }).expect(200);
      expect(response.body).toEqual({ count: 0, devices: [] });
    });
  });

  describe('GET /api/phone/top-searched-devices', () => {
    it('lists the most selected devices first, to anyone', async () => {
      const device = await testDevice();
      await dataSource.query(`UPDATE devices SET search_count = 1000000 WHERE id = $1`, [device.id]);
      const response = await http().get('/api/phone/top-searched-devices').expect(200);
      const devices = response.body as Device[];
      expect(devices[0]).toMatchObject({ _id: device.id, name: device.name });
      expect(devices.length).toBeLessThanOrEqual(12);
      for (const listed of devices) expect(deviceSchema.parse(listed)).toEqual(listed);
      await dataSource.query(`UPDATE devices SET search_count = 0 WHERE id = $1`, [device.id]);
    });
  });

  describe('GET /api/phone/searched-user-count/?id=', () => {
    it('counts a selection once per visitor and device a day', async () => {
      const device = await testDevice();
      const select = (headers: Record<string, string>) =>
        http().get(`/api/phone/searched-user-count/?id=${device.id}`).set(headers).expect(200);

      expect((await select({ 'X-Forwarded-For': '203.0.113.5' })).body).toEqual({ counted: true, searchCount: 1 });
      expect((await select({ 'X-Forwarded-For': '203.0.113.5' })).body).toEqual({ counted: false, searchCount: 1 });
      expect((await select({ 'X-Forwarded-For': '203.0.113.6' })).body).toEqual({ counted: true, searchCount: 2 });
      expect((await select({ Cookie: otherUser.cookie, 'X-Forwarded-For': '203.0.113.5' })).body).toEqual({ counted: true, searchCount: 3 });
      expect((await select({ Cookie: otherUser.cookie, 'X-Forwarded-For': '198.51.100.1' })).body).toEqual({ counted: false, searchCount: 3 });

      const redis = app.get(RedisClient);
      const keys = await redis.keys(`device-search:${device.id}:*`);
      expect(keys).toHaveLength(3);
      const ttl = await redis.ttl(keys[0]);
      expect(ttl).toBeGreaterThan(24 * 3600 - 60);
      expect(ttl).toBeLessThanOrEqual(24 * 3600);
    });

    it('answers 400 for a missing or malformed id and 404 for an unknown device', async () => {
      await http().get('/api/phone/searched-user-count/').expect(400);
      const malformed = await http().get('/api/phone/searched-user-count/?id=42').expect(400);
      expect(malformed.body.fields).toEqual({ id: 'invalidValue' });
      const unknown = await http().get(`/api/phone/searched-user-count/?id=${UNKNOWN_ID}`).expect(404);
      expect(unknown.body.message.en).toBe('Device not found');
    });
  });

  describe('POST /api/phone/update-device-spec', () => {
    it('refuses visitors with 401 and queues nothing', async () => {
      const device = await testDevice();
      const record = jest.spyOn(app.get(OutboxService), 'record');
      await http().post('/api/phone/update-device-spec').send({ id: device.id }).expect(401);
      expect(record).not.toHaveBeenCalled();
    });

    it('answers 400 for a malformed id and 404 for an unknown device', async () => {
      await http().post('/api/phone/update-device-spec').set('Cookie', user).send({ id: 'x' }).expect(400);
      const unknown = await http().post('/api/phone/update-device-spec').set('Cookie', user).send({ id: UNKNOWN_ID }).expect(404);
      expect(unknown.body.code).toBe('deviceNotFound');
    });

    it('refuses a user who asked too often this hour with 429, queueing nothing', async () => {
      const device = await testDevice();
      const busy = await createSignedInUser(app);
      await app.get(RateLimitService).consume(DEVICE_SPEC_REFRESH_LIMIT, busy.id, DEVICE_SPEC_REFRESH_LIMIT.points);
      const record = jest.spyOn(app.get(OutboxService), 'record');
      const response = await http().post('/api/phone/update-device-spec').set('Cookie', busy.cookie).send({ id: device.id }).expect(429);
      expect(response.body.code).toBe('tooManyRequests');
      expect(record).not.toHaveBeenCalled();
    });

    it('queues a refresh and answers the device with the fresh specs once the workers wrote them', async () => {
      const device = await testDevice();
      const record = jest.spyOn(app.get(OutboxService), 'record');
      const [response] = await Promise.all([
        http().post('/api/phone/update-device-spec').set('Cookie', user).send({ id: device.id }).expect(200),
        workerAnswers(device.id, 'refreshed'),
      ]);
      expect(record).toHaveBeenCalledWith(expect.anything(), 'device.refresh-requested', { deviceId: device.id });
      expect(deviceSpecRefreshSchema.parse(response.body)).toEqual(response.body);
      expect(response.body).toMatchObject({ _id: device.id, refresh: 'refreshed', quickSpec: [{ name: 'Display size', value: '6.7"' }] });
      expect(response.body.message).toBeUndefined();
    });

    it('answers the stored specs and says so when the refresh failed', async () => {
      const device = await testDevice();
      const [response] = await Promise.all([
        http().post('/api/phone/update-device-spec').set('Cookie', user).send({ id: device.id }).expect(200),
        workerAnswers(device.id, 'failed'),
      ]);
      expect(response.body).toMatchObject({ _id: device.id, refresh: 'failed', quickSpec: seedEntry('', '').quickSpec });
      expect(response.body.message.en).toBe('The device specs could not be refreshed; the stored specs are shown');
    });

    it('answers the stored specs after the wait when no worker finished, and joins a refresh already requested', async () => {
      const device = await testDevice();
      const record = jest.spyOn(app.get(OutboxService), 'record');
      const started = Date.now();
      const answers = await Promise.all([
        http().post('/api/phone/update-device-spec').set('Cookie', user).send({ id: device.id }).expect(200),
        http().post('/api/phone/update-device-spec').set('Cookie', admin).send({ id: device.id }).expect(200),
      ]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      for (const { body } of answers) {
        expect(body).toMatchObject({ refresh: 'pending', quickSpec: seedEntry('', '').quickSpec });
        expect(body.message.uz).toBe("Qurilma xususiyatlari yangilanmoqda, birozdan keyin qayta urinib ko'ring");
      }
      expect(record).toHaveBeenCalledTimes(1);
    });
  });

  describe('POST /api/phone/device', () => {
    async function appleId(): Promise<string> {
      const [{ id }] = await dataSource.query(`SELECT id FROM categories WHERE lower(name) = 'apple'`);
      return id;
    }

    it('refuses visitors with 401 and regular users with 403, adding nothing', async () => {
      const body = { name: unique('Apple iPhone Refused'), categoryId: await appleId() };
      await http().post('/api/phone/device').send(body).expect(401);
      await http().post('/api/phone/device').set('Cookie', user).send(body).expect(403);
      expect(await deviceNamed(body.name)).toBeUndefined();
    });

    it('adds a missing model for an admin and asks for its specs at once', async () => {
      const record = jest.spyOn(app.get(OutboxService), 'record');
      const name = unique('Apple iPhone Fold');
      const response = await http()
        .post('/api/phone/device')
        .set('Cookie', admin)
        .send({ name, categoryId: await appleId(), sourcePath: 'apple_iphone_fold-99999.php' })
        .expect(201);
      expect(response.body).toEqual({
        _id: expect.any(String),
        name,
        category: await appleId(),
        // The brand's drawing until the refresh brings the model's photo.
        img: expect.stringMatching(/\/uploads\/device-pictures\/brands\/apple-[0-9a-f]{16}\.webp$/),
        quickSpec: [],
        detailSpec: [],
        specsRefreshedAt: null,
      });
      expect(record).toHaveBeenCalledWith(expect.anything(), 'device.refresh-requested', { deviceId: response.body._id });
      const found = await http().post('/api/phone/find-device').send({ name }).expect(200);
      expect(found.body.devices[0]._id).toBe(response.body._id);
    });

    it('refuses a name already in the catalogue, whatever its case, with 409', async () => {
      const response = await http()
        .post('/api/phone/device')
        .set('Cookie', admin)
        .send({ name: 'apple iphone 13', categoryId: await appleId() })
        .expect(409);
      expect(response.body).toMatchObject({ code: 'deviceNameTaken', fields: { name: 'deviceNameTaken' } });
    });

    it('answers each wrong field with its message key', async () => {
      const response = await http()
        .post('/api/phone/device')
        .set('Cookie', admin)
        .send({ name: 'ab', categoryId: 'apple', sourcePath: '../../etc/passwd' })
        .expect(400);
      expect(response.body.fields).toEqual({ name: 'minCharacters3', categoryId: 'categoryNotFound', sourcePath: 'invalidValue' });
      const unknownBrand = await http()
        .post('/api/phone/device')
        .set('Cookie', admin)
        .send({ name: unique('Nobrand One'), categoryId: UNKNOWN_ID })
        .expect(400);
      expect(unknownBrand.body).toMatchObject({ code: 'categoryNotFound', fields: { categoryId: 'categoryNotFound' } });
    });
  });
});
