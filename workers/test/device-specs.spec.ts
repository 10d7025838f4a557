import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, INestApplication, INestApplicationContext, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ConfigModule, DatabaseModule, DevicePictures, DeviceSpecsService, loggerParams, OutboxService, SpecSourcePacing, type Config } from '@market/backend';
import { deviceColors, deviceMemoryOptions, QUICK_SPEC_NAMES, type SpecSection } from '@market/contracts';
import { createApp } from '../../backend/src/app.factory';
import { dataSourceOptions } from '../../backend/src/database/data-source-options';
import { DeviceEntity } from '../../backend/src/devices/device.entity';
import { OutboxEvent } from '../../backend/src/events/outbox-event.entity';
import { createImageStorage } from '../../backend/src/uploads/image-storage';
import { DeviceSpecRefreshModule } from '../src/device-specs/device-spec-refresh.module';
import { DeviceSpecsRefresh } from '../src/device-specs/device-specs-refresh.service';
import { parseDevicePage } from '../src/device-specs/gsmarena-page';
import { SpecSourceClient, SpecSourceError } from '../src/device-specs/spec-source.client';
import { StaleSpecsScheduler } from '../src/device-specs/stale-specs.scheduler';
import { RelayModule } from '../src/relay/relay.module';
import { IPHONE_13_PAGE, startFakeSpecSource } from '../../test/fakes/spec-source';
import { testConfig } from '../../test/support/config';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';
import { createSignedInUser } from '../../test/support/users';

const IPHONE_13_PATH = 'apple_iphone_13-11103.php';
const STORED_QUICK_SPEC = [{ name: 'Display size', value: '6.0"' }];
const STORED_DETAIL_SPEC: SpecSection[] = [{ category: 'Misc', specifications: [{ name: 'Colors', value: 'Black' }] }];
const IPHONE_13_PICTURE = 'vv/bigpic/apple-iphone-13.jpg';

/** A JPEG the size of a GSMArena model photo (160x212). */
function modelPhoto(color: string): Promise<Buffer> {
  return sharp({ create: { width: 160, height: 212, channels: 3, background: color } }).jpeg().toBuffer();
}

/**
 * The spec refresh against a fake GSMArena. It runs in a database of its own: the scheduled
 * refresh picks stale devices from the whole table, which other test files also fill.
 */
describe('device spec refresh', () => {
  const databaseName = `market_test_specs_${uniqueRunId()}`;
  let config: Config;
  let dataSource: DataSource;
  let source: Awaited<ReturnType<typeof startFakeSpecSource>>;
  let specs: DeviceSpecsService;
  let refresh: DeviceSpecsRefresh;
  let pacing: SpecSourcePacing;
  let categoryId: string;
  let storageDir: string;

  /** The device pictures in the storage directory. */
  const storedPictures = () => (existsSync(join(storageDir, 'device-pictures')) ? readdirSync(join(storageDir, 'device-pictures')).filter((file) => file.endsWith('.webp')) : []);

  /** A device with stored specs whose refresh was just requested (as the API and the scheduler do before queueing). */
  async function device(columns: { name?: string; sourcePath?: string | null; specsAgeDays?: number | null; requested?: boolean } = {}) {
    const name = columns.name ?? `Testfone ${Math.random().toString(36).slice(2, 8)}`;
    const [{ id }] = await dataSource.query(
      `INSERT INTO devices (name, category_id, source_path, quick_spec, detail_spec, specs_refreshed_at, specs_refresh_due_at, specs_refresh_requested_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6::int), coalesce(now() - make_interval(days => $6::int - 30), now()), CASE WHEN $7 THEN clock_timestamp() END)
       RETURNING id`,
      [
        name,
        categoryId,
        columns.sourcePath === undefined ? IPHONE_13_PATH : columns.sourcePath,
        JSON.stringify(STORED_QUICK_SPEC),
        JSON.stringify(STORED_DETAIL_SPEC),
        columns.specsAgeDays === undefined ? 100 : columns.specsAgeDays,
        columns.requested ?? true,
      ],
    );
    return id as string;
  }

  async function stored(id: string): Promise<DeviceEntity> {
    return dataSource.getRepository(DeviceEntity).findOneByOrFail({ id });
  }

  beforeAll(async () => {
    source = await startFakeSpecSource();
    const databaseUrl = await createTestDatabase(databaseName);
    storageDir = mkdtempSync(join(tmpdir(), 'device-pictures-'));
    config = testConfig({
      DATABASE_URL: databaseUrl,
      SPEC_SOURCE_URL: source.url,
      DEVICE_SPECS_REFRESH_PER_MINUTE: '2',
      SPEC_SOURCE_REQUESTS_PER_HOUR: '600',
      STORAGE_DIR: storageDir,
    });
    dataSource = await new DataSource({ ...dataSourceOptions(config), entities: [DeviceEntity, OutboxEvent] }).initialize();
    [{ id: categoryId }] = await dataSource.query(`INSERT INTO categories (name, color, number) VALUES ('Apple', '#1D1D1F', 2) RETURNING id`);
    const pictures = new DevicePictures(createImageStorage(config));
    specs = new DeviceSpecsService(dataSource, new OutboxService(dataSource), pictures);
    pacing = new SpecSourcePacing(dataSource, config);
    refresh = new DeviceSpecsRefresh(specs, new SpecSourceClient(config, pacing), pictures);
  });
  beforeEach(() => (source.requests.length = 0));
  afterAll(async () => {
    await dataSource.destroy();
    await source.close();
    await dropTestDatabase(databaseName);
  });

  describe('the device-specs job', () => {
    // The job logs each failure for the operators; the assertions below read what it stored.
    beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
    afterEach(() => jest.restoreAllMocks());

    it("stores the page's quick specs in GSMArena's order, its detail tables and its photo, once however often it runs", async () => {
      source.serveDevice(IPHONE_13_PATH, { ...IPHONE_13_PAGE, img: `${source.url}/${IPHONE_13_PICTURE}` });
      source.servePicture(IPHONE_13_PICTURE, await modelPhoto('#2f6f9f'));
      const id = await device();

      expect(await refresh.refresh(id)).toBe('refreshed');
      expect(await refresh.refresh(id)).toBe('already-refreshed');

      expect(source.requests).toEqual([`/${IPHONE_13_PATH}`, `/${IPHONE_13_PICTURE}`]);
      const refreshed = await stored(id);
      expect(refreshed.quickSpec).toEqual([
        { name: 'Display size', value: '6.1"' },
        { name: 'Display resolution', value: '1170x2532 pixels' },
        { name: 'Camera pixels', value: '12MP' },
        { name: 'Video pixels', value: '2160p' },
        { name: 'RAM size', value: '4GB RAM' },
        { name: 'Chipset', value: 'Apple A15 Bionic' },
        { name: 'Battery size', value: '3240mAh' },
        { name: 'Battery type', value: 'Li-Ion' },
      ]);
      expect(refreshed.quickSpec.map((entry) => entry.name)).toEqual(QUICK_SPEC_NAMES);
      expect(refreshed.detailSpec.map((section) => section.category)).toEqual(['Launch', 'Memory', 'Main Camera', 'Misc']);
      expect(refreshed.detailSpec[2].specifications[0]).toEqual({
        name: 'Dual',
        value: '12 MP, f/1.6, 26mm (wide)\n12 MP, f/2.4, 120˚, 13mm (ultrawide)',
      });
      expect(deviceMemoryOptions(refreshed)).toEqual([
        { storage: '128GB', ram: '4GB' },
        { storage: '256GB', ram: '4GB' },
        { storage: '512GB', ram: '4GB' },
      ]);
      expect(deviceColors(refreshed)).toEqual(['Starlight', 'Midnight', 'Blue', 'Pink', 'Red', 'Green']);
      expect(refreshed).toMatchObject({ specsRefreshError: null, pictureKey: expect.stringMatching(new RegExp(`^device-pictures/${id}-[0-9a-f]{16}\\.webp$`)) });
      // Served from our own storage: the page's address is not kept.
      expect(refreshed.img).toBe(new URL(`/uploads/${refreshed.pictureKey}`, config.PUBLIC_URL).toString());
      expect(await sharp(join(storageDir, refreshed.pictureKey!)).metadata()).toMatchObject({ format: 'webp', width: 160, height: 212 });
      expect(refreshed.specsRefreshedAt!.getTime()).toBeGreaterThanOrEqual(refreshed.specsRefreshRequestedAt!.getTime());
    });

    it('keeps the stored specs and marks the refresh failed when the source answers 500, for BullMQ to retry', async () => {
      source.failWithServerError('samsung_galaxy_s23-12082.php');
      const id = await device({ sourcePath: 'samsung_galaxy_s23-12082.php' });

      for (let run = 0; run < 2; run++) {
        const failure = await refresh.refresh(id).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(SpecSourceError);
        expect(failure).toMatchObject({ retryable: true });
      }

      const kept = await stored(id);
      expect(kept).toMatchObject({ quickSpec: STORED_QUICK_SPEC, detailSpec: STORED_DETAIL_SPEC });
      expect(kept.specsRefreshFailedAt).toBeInstanceOf(Date);
      expect(kept.specsRefreshError).toBe('spec source answered HTTP 500 for /samsung_galaxy_s23-12082.php');
    });

    it('keeps the stored specs and ends as failed when the page is not a device page', async () => {
      source.serveMalformed('xiaomi_redmi_note_13-12776.php');
      const id = await device({ sourcePath: 'xiaomi_redmi_note_13-12776.php' });

      expect(await refresh.refresh(id)).toBe('failed');
      expect(await refresh.refresh(id)).toBe('failed');

      const kept = await stored(id);
      expect(kept).toMatchObject({ quickSpec: STORED_QUICK_SPEC, detailSpec: STORED_DETAIL_SPEC });
      expect(kept.specsRefreshError).toMatch(/not a device page/);
    });

    it('finds the page of a device added without one by searching its name, and keeps the path', async () => {
      source.serveDevice(IPHONE_13_PATH, IPHONE_13_PAGE);
      source.serveSearch('Apple iPhone 13', [
        { name: 'Apple iPhone 13 Pro Max', path: 'apple_iphone_13_pro_max-11089.php' },
        { name: 'Apple iPhone 13', path: IPHONE_13_PATH },
      ]);
      const id = await device({ name: 'Apple iPhone 13', sourcePath: null });

      expect(await refresh.refresh(id)).toBe('refreshed');
      expect(source.requests).toEqual(['/results.php3?sSearch=Apple%20iPhone%2013', `/${IPHONE_13_PATH}`]);
      expect(await stored(id)).toMatchObject({ sourcePath: IPHONE_13_PATH, quickSpec: expect.arrayContaining([{ name: 'Chipset', value: 'Apple A15 Bionic' }]) });
    });

    it('ends as failed when the search lists no page of that name', async () => {
      source.serveSearch('Apple iPhone Fold', [{ name: 'Apple iPhone 16', path: 'apple_iphone_16-13317.php' }]);
      const id = await device({ name: 'Apple iPhone Fold', sourcePath: null });
      expect(await refresh.refresh(id)).toBe('failed');
      expect((await stored(id)).specsRefreshError).toBe("no page named 'Apple iPhone Fold' on the spec source");
    });

    it("replaces the model's photo when the page shows a new one, and deletes the old file", async () => {
      const path = 'apple_iphone_13_mini-11104.php';
      const page = { ...IPHONE_13_PAGE, name: 'Apple iPhone 13 mini', img: `${source.url}/vv/bigpic/apple-iphone-13-mini.jpg` };
      source.serveDevice(path, page);
      source.servePicture('vv/bigpic/apple-iphone-13-mini.jpg', await modelPhoto('#aa3344'));
      const id = await device({ sourcePath: path });
      expect(await refresh.refresh(id)).toBe('refreshed');
      const first = (await stored(id)).pictureKey!;

      source.servePicture('vv/bigpic/apple-iphone-13-mini.jpg', await modelPhoto('#33aa44'));
      await dataSource.query(`UPDATE devices SET specs_refresh_requested_at = clock_timestamp() WHERE id = $1`, [id]);
      expect(await refresh.refresh(id)).toBe('refreshed');

      const second = (await stored(id)).pictureKey!;
      expect(second).not.toBe(first);
      expect(storedPictures()).toContain(second.replace('device-pictures/', ''));
      expect(storedPictures()).not.toContain(first.replace('device-pictures/', ''));
    });

    it.each([
      ['a picture on another site', 'https://images.example.com/apple-iphone-13.jpg', null],
      ['a picture the source answers 404 for', 'vv/bigpic/missing.jpg', null],
      ['a file that is not a picture', 'vv/bigpic/not-a-picture.jpg', Buffer.from('<html>captcha</html>')],
    ])('stores the specs and keeps the current picture when the page shows %s', async (_case, img, body) => {
      const path = `apple_iphone_13_${Math.random().toString(36).slice(2, 8)}-11103.php`;
      source.serveDevice(path, { ...IPHONE_13_PAGE, img: img.startsWith('https:') ? img : `${source.url}/${img}` });
      if (body) source.servePicture(img, body);
      const id = await device({ sourcePath: path });
      await dataSource.query(`UPDATE devices SET img = 'http://127.0.0.1/uploads/device-pictures/brands/apple-0123456789abcdef.webp' WHERE id = $1`, [id]);
      const picturesBefore = storedPictures();

      expect(await refresh.refresh(id)).toBe('refreshed');

      expect(await stored(id)).toMatchObject({
        quickSpec: expect.arrayContaining([{ name: 'Chipset', value: 'Apple A15 Bionic' }]),
        img: 'http://127.0.0.1/uploads/device-pictures/brands/apple-0123456789abcdef.webp',
        pictureKey: null,
      });
      expect(storedPictures()).toEqual(picturesBefore);
      // Another site's address is never requested (the fake would have recorded it only if it were this server).
      expect(source.requests).toEqual(img.startsWith('https:') ? [`/${path}`] : [`/${path}`, `/${img}`]);
    });

    it('reads pages only from its configured origin: an absolute address or a redirect to another host is refused', async () => {
      const elsewhere = await startFakeSpecSource();
      try {
        elsewhere.serveDevice(IPHONE_13_PATH, IPHONE_13_PAGE);
        const client = new SpecSourceClient(config, pacing);
        for (const path of [`${elsewhere.url}/${IPHONE_13_PATH}`, `//${new URL(elsewhere.url).host}/${IPHONE_13_PATH}`]) {
          await expect(client.devicePage(path)).rejects.toMatchObject({ constructor: SpecSourceError, retryable: false });
        }
        source.redirect('apple_iphone_13_moved-11103.php', `${elsewhere.url}/${IPHONE_13_PATH}`);
        const id = await device({ sourcePath: 'apple_iphone_13_moved-11103.php' });
        expect(await refresh.refresh(id)).toBe('failed');
        expect((await stored(id)).specsRefreshError).toMatch(/another origin/);
        expect(elsewhere.requests).toEqual([]);

        // A redirect within the site is followed.
        source.serveDevice(IPHONE_13_PATH, IPHONE_13_PAGE);
        source.redirect('apple_iphone_13_renamed-11103.php', `${source.url}/${IPHONE_13_PATH}`);
        expect(parseDevicePage(await client.devicePage('apple_iphone_13_renamed-11103.php')).name).toBe('Apple iPhone 13');
      } finally {
        await elsewhere.close();
      }
    });

    it('skips a device that was deleted meanwhile', async () => {
      expect(await refresh.refresh('6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d')).toBe('device-gone');
    });
  });

  describe('the scheduled refresh of stale specs', () => {
    it('requests a few of the stalest devices a minute and not the same ones again right after', async () => {
      await dataSource.query(`UPDATE devices SET specs_refreshed_at = now(), specs_refresh_due_at = now() + interval '30 days'`);
      const never = await device({ specsAgeDays: null, requested: false });
      const oldest = await device({ specsAgeDays: 400, requested: false });
      const old = await device({ specsAgeDays: 40, requested: false });
      await device({ specsAgeDays: 10, requested: false });
      await device({ specsAgeDays: 300, requested: true });
      const failedToday = await device({ specsAgeDays: 500, requested: false });
      await dataSource.query(`UPDATE devices SET specs_refresh_failed_at = now() WHERE id = $1`, [failedToday]);
      const scheduler = new StaleSpecsScheduler(specs, config, pacing);
      const requested = async () =>
        (await dataSource.query(`SELECT payload->>'deviceId' AS id FROM outbox_event WHERE name = 'device.refresh-requested' ORDER BY created_at`)).map(
          (row: { id: string }) => row.id,
        );

      expect(await scheduler.requestStaleRefreshes()).toBe(2);
      expect(await requested()).toEqual([never, oldest]);
      expect(await scheduler.requestStaleRefreshes()).toBe(1);
      expect(await scheduler.requestStaleRefreshes()).toBe(0);
      expect(await requested()).toEqual([never, oldest, old]);
    });
  });

  describe('the catalogue asked gently', () => {
    const resetPacing = () =>
      dataSource.query(
        `UPDATE spec_source_pacing SET hour_started_at = NULL, requests_this_hour = 0, last_success_at = NULL, last_refusal_at = NULL,
                last_refusal = NULL, refusals_in_a_row = 0, paused_until = NULL`,
      );
    const secondsFromNow = (iso: string | null) => (Date.parse(iso!) - Date.now()) / 1000;
    beforeEach(resetPacing);
    afterAll(resetPacing);

    it('spreads the next refreshes of a catalogue read on one day over the coming 30 days, and asks again 30 days after a refresh', async () => {
      const seeded: { id: string; due: Date }[] = await dataSource.query(
        `INSERT INTO devices (name, category_id, quick_spec, detail_spec, specs_refreshed_at)
         SELECT 'Seeded ' || n, $1, '[]', '[]', now() - interval '10 days' FROM generate_series(1, 300) n
         RETURNING id, specs_refresh_due_at AS due`,
        [categoryId],
      );
      const days = seeded.map(({ due }) => (due.getTime() - Date.now()) / 86_400_000);
      expect(Math.min(...days)).toBeGreaterThan(-0.01);
      expect(Math.max(...days)).toBeLessThanOrEqual(30);
      // Ten 3-day stretches, about 30 devices each: never the whole catalogue at once.
      const stretches = Array.from({ length: 10 }, (_, stretch) => days.filter((day) => Math.floor(day / 3) === stretch).length);
      for (const count of stretches) expect(count).toBeLessThan(70);

      await specs.storeRefreshed(seeded[0].id, { quickSpec: STORED_QUICK_SPEC, detailSpec: STORED_DETAIL_SPEC, sourcePath: IPHONE_13_PATH });
      const refreshed = await stored(seeded[0].id);
      expect(refreshed.specsRefreshDueAt.getTime() - refreshed.specsRefreshedAt!.getTime()).toBe(30 * 86_400_000);
      await dataSource.query(`DELETE FROM devices WHERE name LIKE 'Seeded %'`);
    });

    it('sends at most SPEC_SOURCE_REQUESTS_PER_HOUR requests an hour, counted across every client, and says who it is', async () => {
      source.serveDevice(IPHONE_13_PATH, IPHONE_13_PAGE);
      const capped = { ...config, SPEC_SOURCE_REQUESTS_PER_HOUR: 3 };
      const cappedPacing = new SpecSourcePacing(dataSource, capped);
      const clients = [new SpecSourceClient(capped, cappedPacing), new SpecSourceClient(capped, new SpecSourcePacing(dataSource, capped))];
      const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => clients[index % 2].devicePage(IPHONE_13_PATH).catch((error: unknown) => error)));

      expect(answers.filter((answer) => typeof answer === 'string')).toHaveLength(3);
      expect(answers.filter((answer) => answer instanceof SpecSourceError && answer.retryable && /hourly cap/.test(answer.message))).toHaveLength(2);
      expect(source.requests).toHaveLength(3);
      expect(source.userAgent()).toBe(`TelefonBozor/1.0 (+${config.PUBLIC_URL}; device specs for our phone catalogue, at most 3 requests an hour)`);
      expect(await cappedPacing.state()).toMatchObject({ requestsThisHour: 3, requestsPerHour: 3, pausedUntil: null, lastSuccessAt: expect.any(String) });
      expect(await new StaleSpecsScheduler(specs, capped, cappedPacing).requestStaleRefreshes()).toBe(0);
    });

    it('stops at the first 429 of a burst, waits twice as long after each refusal in a row and a day after the fifth', async () => {
      const strict = await startFakeSpecSource({ requests: 2, windowMs: 60_000 });
      try {
        strict.serveDevice(IPHONE_13_PATH, IPHONE_13_PAGE);
        const client = new SpecSourceClient({ ...config, SPEC_SOURCE_URL: strict.url }, pacing);
        const answers = [];
        for (let request = 0; request < 6; request++) answers.push(await client.devicePage(IPHONE_13_PATH).catch((error: SpecSourceError) => error.message));

        // Two pages, the 429, then nothing more is sent while paused.
        expect(strict.requests).toHaveLength(3);
        expect(answers[2]).toBe(`spec source refused: HTTP 429 for /${IPHONE_13_PATH}`);
        expect(answers.slice(3).every((answer) => answer.startsWith('spec source not asked: paused after a refusal until'))).toBe(true);
        const first = await pacing.state();
        expect(first).toMatchObject({ lastRefusal: `HTTP 429 for /${IPHONE_13_PATH}`, lastRefusalAt: expect.any(String), lastSuccessAt: expect.any(String) });
        expect(secondsFromNow(first.pausedUntil)).toBeGreaterThan(55);
        expect(await new StaleSpecsScheduler(specs, config, pacing).requestStaleRefreshes()).toBe(0);

        // Each later refusal in a row (the site still refusing when the pause ends) doubles the pause; the fifth stops for a day.
        const pauses = [];
        for (let refusal = 2; refusal <= 5; refusal++) {
          await dataSource.query(`UPDATE spec_source_pacing SET paused_until = now() - interval '1 second'`);
          await client.devicePage(IPHONE_13_PATH).catch(() => undefined);
          pauses.push(Math.round(secondsFromNow((await pacing.state()).pausedUntil) / 10) * 10);
        }
        expect(pauses).toEqual([120, 240, 480, 86_400]);
        expect(strict.requests).toHaveLength(7);
      } finally {
        await strict.close();
      }
    });
  });

  describe('behind POST /api/phone/update-device-spec', () => {
    @Module({})
    class SpecRefreshWorkers {
      static forRoot(workersConfig: Config): DynamicModule {
        return {
          module: SpecRefreshWorkers,
          imports: [
            ConfigModule.forRoot(workersConfig),
            LoggerModule.forRoot(loggerParams(workersConfig)),
            DatabaseModule,
            BullModule.forRoot({ connection: { url: workersConfig.REDIS_URL, maxRetriesPerRequest: null }, prefix: workersConfig.QUEUE_PREFIX }),
            RelayModule,
            DeviceSpecRefreshModule,
          ],
        };
      }
    }

    let api: INestApplication;
    let workers: INestApplicationContext;

    beforeAll(async () => {
      const shared = { ...config, QUEUE_PREFIX: `${config.QUEUE_PREFIX}_specs`, RELAY_POLL_MS: 50, DEVICE_SPEC_WAIT_MS: 8_000 };
      workers = await NestFactory.createApplicationContext(SpecRefreshWorkers.forRoot(shared), { logger: false });
      await workers.init();
      api = await createApp(shared);
      await api.init();
    });
    afterAll(async () => {
      await api?.close();
      await workers?.close();
    });

    it('answers the device with the specs the workers just read', async () => {
      source.serveDevice('apple_iphone_13_mini-11104.php', { ...IPHONE_13_PAGE, name: 'Apple iPhone 13 mini' });
      const id = await device({ name: 'Apple iPhone 13 mini (test)', sourcePath: 'apple_iphone_13_mini-11104.php', requested: false });
      const { cookie } = await createSignedInUser(api);

      const response = await request(api.getHttpServer()).post('/api/phone/update-device-spec').set('Cookie', cookie).send({ id }).expect(200);

      expect(response.body).toMatchObject({ _id: id, refresh: 'refreshed' });
      expect(response.body.quickSpec[2]).toEqual({ name: 'Camera pixels', value: '12MP' });
    });

    it("shows admins the refresher's state: last success, last refusal and until when it is paused", async () => {
      await dataSource.query(
        `UPDATE spec_source_pacing SET last_success_at = now() - interval '2 hours', last_refusal_at = now() - interval '1 hour',
                last_refusal = 'HTTP 429 for /x-1.php', paused_until = now() + interval '3 hours'`,
      );
      const admin = await createSignedInUser(api, { role: 'admin' });
      const seller = await createSignedInUser(api);
      try {
        await request(api.getHttpServer()).get('/api/phone/device-spec-source').set('Cookie', seller.cookie).expect(403);
        const { body } = await request(api.getHttpServer()).get('/api/phone/device-spec-source').set('Cookie', admin.cookie).expect(200);
        expect(body).toMatchObject({ lastRefusal: 'HTTP 429 for /x-1.php', requestsPerHour: 600 });
        expect(Date.parse(body.pausedUntil) - Date.now()).toBeGreaterThan(2.9 * 3_600_000);
        expect(Date.parse(body.lastSuccessAt)).toBeLessThan(Date.parse(body.lastRefusalAt));
      } finally {
        await dataSource.query(`UPDATE spec_source_pacing SET last_refusal_at = NULL, last_refusal = NULL, paused_until = NULL`);
      }
    });

    it('answers the stored specs and a translated message when the source fails', async () => {
      source.failWithServerError('apple_iphone_13_pro-11102.php');
      const id = await device({ name: 'Apple iPhone 13 Pro (test)', sourcePath: 'apple_iphone_13_pro-11102.php', requested: false });
      const { cookie } = await createSignedInUser(api);

      const response = await request(api.getHttpServer()).post('/api/phone/update-device-spec').set('Cookie', cookie).send({ id }).expect(200);

      expect(response.body).toMatchObject({ _id: id, refresh: 'failed', quickSpec: STORED_QUICK_SPEC });
      expect(response.body.message.uz).toBe("Qurilma xususiyatlarini yangilab bo'lmadi, saqlangan ma'lumotlar ko'rsatilmoqda");
    });
  });
});
