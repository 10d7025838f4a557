import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, INestApplication, INestApplicationContext, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ConfigModule, DatabaseModule, DeviceSpecsService, loggerParams, OutboxService, type Config } from '@market/backend';
import { deviceColors, deviceMemoryOptions, QUICK_SPEC_NAMES, type SpecSection } from '@market/contracts';
import { createApp } from '../../backend/src/app.factory';
import { dataSourceOptions } from '../../backend/src/database/data-source-options';
import { DeviceEntity } from '../../backend/src/devices/device.entity';
import { OutboxEvent } from '../../backend/src/events/outbox-event.entity';
import { DeviceSpecRefreshModule } from '../src/device-specs/device-spec-refresh.module';
import { DeviceSpecsRefresh } from '../src/device-specs/device-specs-refresh.service';
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
  let categoryId: string;

  /** A device with stored specs whose refresh was just requested (as the API and the scheduler do before queueing). */
  async function device(columns: { name?: string; sourcePath?: string | null; specsAgeDays?: number | null; requested?: boolean } = {}) {
    const name = columns.name ?? `Testfone ${Math.random().toString(36).slice(2, 8)}`;
    const [{ id }] = await dataSource.query(
      `INSERT INTO devices (name, category_id, source_path, quick_spec, detail_spec, specs_refreshed_at, specs_refresh_requested_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6::int), CASE WHEN $7 THEN clock_timestamp() END) RETURNING id`,
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
    config = testConfig({ DATABASE_URL: databaseUrl, SPEC_SOURCE_URL: source.url, DEVICE_SPECS_REFRESH_PER_MINUTE: '2' });
    dataSource = await new DataSource({ ...dataSourceOptions(config), entities: [DeviceEntity, OutboxEvent] }).initialize();
    [{ id: categoryId }] = await dataSource.query(`INSERT INTO categories (name, color, number) VALUES ('Apple', '#1D1D1F', 2) RETURNING id`);
    specs = new DeviceSpecsService(dataSource, new OutboxService(dataSource));
    refresh = new DeviceSpecsRefresh(specs, new SpecSourceClient(config));
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

    it("stores the page's quick specs in GSMArena's order and its detail tables, once however often it runs", async () => {
      source.serveDevice(IPHONE_13_PATH, IPHONE_13_PAGE);
      const id = await device();

      expect(await refresh.refresh(id)).toBe('refreshed');
      expect(await refresh.refresh(id)).toBe('already-refreshed');

      expect(source.requests).toEqual([`/${IPHONE_13_PATH}`]);
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
      expect(refreshed).toMatchObject({ img: IPHONE_13_PAGE.img, specsRefreshError: null });
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

    it('skips a device that was deleted meanwhile', async () => {
      expect(await refresh.refresh('6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d')).toBe('device-gone');
    });
  });

  describe('the scheduled refresh of stale specs', () => {
    it('requests a few of the stalest devices a minute and not the same ones again right after', async () => {
      await dataSource.query(`UPDATE devices SET specs_refreshed_at = now()`);
      const never = await device({ specsAgeDays: null, requested: false });
      const oldest = await device({ specsAgeDays: 400, requested: false });
      const old = await device({ specsAgeDays: 40, requested: false });
      await device({ specsAgeDays: 10, requested: false });
      await device({ specsAgeDays: 300, requested: true });
      const failedToday = await device({ specsAgeDays: 500, requested: false });
      await dataSource.query(`UPDATE devices SET specs_refresh_failed_at = now() WHERE id = $1`, [failedToday]);
      const scheduler = new StaleSpecsScheduler(specs, config);
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
