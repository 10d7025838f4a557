import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LRUCache } from 'lru-cache';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import {
  translateMessage,
  type CreateDeviceBody,
  type Device,
  type DeviceSpecRefresh,
  type FindDeviceResponse,
  type SearchedDeviceCount,
  type SpecSection,
} from '@market/contracts';
import { CategoriesService } from '../categories/categories.service';
import { brandLook } from '../categories/category-reads';
import type { DeviceCounts } from '../categories/category-usage';
import { AppException } from '../common/app.exception';
import { readThroughCache } from '../common/read-through-cache';
import { AppConfig } from '../config/app-config';
import { lockedRow } from '../database/locked-row';
import { PublicReads } from '../database/public-reads';
import { OutboxService } from '../events/outbox.service';
import { RateLimitService, type RateLimit } from '../rate-limit/rate-limit.service';
import { RedisClient } from '../redis/redis.module';
import { DeviceEntity } from './device.entity';
import { ModelMatcher, type CatalogueModel } from './device-match';
import { DevicePictures } from './device-pictures';

const FOUND_DEVICES_SHOWN = 20;
const TOP_SEARCHED_SHOWN = 12;
const SEARCH_COUNTED_FOR_SECONDS = 24 * 3600;
const REFRESH_POLL_MS = 200;
/** A refresh requested this recently and not finished is waited for instead of being queued again. */
const REFRESH_IN_FLIGHT_MS = 60_000;
/** Each refresh reads a page of an outside site: plenty for the wizard, too few to crawl it through us. */
export const DEVICE_SPEC_REFRESH_LIMIT: RateLimit = { name: 'device-spec-refresh', points: 20, durationSeconds: 3600 };

/**
 * The catalogue's names and what each typed name matches are kept this long: a model added by an
 * admin is found by searches of other API processes within a minute (at once in this one).
 */
const CATALOGUE_KEPT_MS = 60_000;
/** Typed names whose models are kept: every model in many spellings, typos and pages. */
const MATCHES_KEPT = 20_000;

/** What a name typed in the listing search means: its models and the storage it asks for. */
export interface ListingModels {
  /** Sorted, so that one search has one key for its counts and anchors; undefined when the name is memory alone ('256gb'). */
  deviceIds?: string[];
  /** The same models, the closest first. */
  matched: CatalogueModel[];
  storage?: string;
  /** The nearest other models, nearest first, to suggest when none of `deviceIds` has listings. */
  closest: CatalogueModel[];
}

/** What a listing takes from its catalogue model: the name, the brand and the specs its choices are checked against. */
export type ListedDevice = Pick<DeviceEntity, 'id' | 'name' | 'categoryId' | 'detailSpec'>;

/** A catalogue model with its brand's name and colour, as the demo listings show it. */
export interface BrandedDevice {
  id: string;
  name: string;
  brand: string;
  brandColor: string;
  detailSpec: SpecSection[];
}

/** Who selected a device: a signed-in user, or a visitor by IP address. */
export type Visitor = { userId: string } | { ip: string };

interface DeviceRow {
  id: string;
  name: string;
  category_id: string;
  img: string | null;
  quick_spec: Device['quickSpec'];
  detail_spec: Device['detailSpec'];
  specs_refreshed_at: Date | null;
}

type DeviceFields = Pick<DeviceEntity, 'id' | 'name' | 'categoryId' | 'img' | 'quickSpec' | 'detailSpec' | 'specsRefreshedAt'>;

function toDevice(device: DeviceFields): Device {
  return {
    _id: device.id,
    name: device.name,
    category: device.categoryId,
    img: device.img,
    quickSpec: device.quickSpec,
    detailSpec: device.detailSpec,
    specsRefreshedAt: device.specsRefreshedAt?.toISOString() ?? null,
  };
}

function rowToDevice(row: DeviceRow): Device {
  return toDevice({
    id: row.id,
    name: row.name,
    categoryId: row.category_id,
    img: row.img,
    quickSpec: row.quick_spec,
    detailSpec: row.detail_spec,
    specsRefreshedAt: row.specs_refreshed_at,
  });
}

@Injectable()
export class DevicesService implements DeviceCounts {
  private readonly logger = new Logger(DevicesService.name);
  /** The catalogue's names, read again after CATALOGUE_KEPT_MS (at every search when public caching is off). */
  private readonly matcher?: LRUCache<'catalogue', ModelMatcher>;
  /** The models each typed name means to the listing search (listingModels). */
  private readonly matches?: LRUCache<string, ListingModels>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: PublicReads,
    private readonly categories: CategoriesService,
    private readonly outbox: OutboxService,
    private readonly redis: RedisClient,
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
    private readonly pictures: DevicePictures,
  ) {
    if (config.PUBLIC_CACHE_TTL_MS > 0) {
      this.matcher = readThroughCache({ max: 1, ttlMs: CATALOGUE_KEPT_MS, serveStale: true, load: () => this.readCatalogue() });
      this.matches = readThroughCache({ max: MATCHES_KEPT, ttlMs: CATALOGUE_KEPT_MS, load: (name: string) => this.matchModels(name) });
    }
  }

  private get devices() {
    return this.dataSource.getRepository(DeviceEntity);
  }

  /**
   * The wizard's device search, with the same matcher as the listing search (ModelMatcher):
   * the models whose name holds every typed word, the closest first; when none does, the
   * nearest models, so that a seller still has something to pick. `count` is every match,
   * `devices` the first 20.
   */
  async find(name: string): Promise<FindDeviceResponse> {
    const { models, closest } = (await this.catalogue()).match(name);
    const shown = (models.length ? models : closest).slice(0, FOUND_DEVICES_SHOWN).map((model) => model.id);
    const rows: DeviceRow[] = shown.length
      ? await this.dataSource.query(
          `SELECT id, name, category_id, img, quick_spec, detail_spec, specs_refreshed_at FROM devices WHERE id = ANY($1::uuid[])`,
          [shown],
        )
      : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { count: models.length, devices: shown.flatMap((id) => (byId.has(id) ? [rowToDevice(byId.get(id)!)] : [])) };
  }

  /**
   * The models a name typed in the listing search means, as `find` understands it, and the
   * storage it asks for. The search then takes their listings by device_id: the catalogue of a
   * few hundred names is the fuzzy part, a million listings are only ever reached through an index.
   */
  async listingModels(name: string): Promise<ListingModels> {
    return this.matches ? (await this.matches.fetch(name))! : this.matchModels(name);
  }

  private async matchModels(name: string): Promise<ListingModels> {
    const { models, closest, storage, namesModel } = (await this.catalogue()).match(name);
    return { deviceIds: namesModel ? models.map((model) => model.id).sort() : undefined, matched: models, storage, closest };
  }

  private async catalogue(): Promise<ModelMatcher> {
    return this.matcher ? (await this.matcher.fetch('catalogue'))! : this.readCatalogue();
  }

  private async readCatalogue(): Promise<ModelMatcher> {
    const rows = await this.reads.query<CatalogueModel>(`SELECT id, name, search_count AS "searchCount" FROM devices`);
    return new ModelMatcher(rows);
  }

  /** The devices selected most in the wizard, offered before anything is typed. */
  async topSearched(): Promise<Device[]> {
    const devices = await this.devices.find({ order: { searchCount: 'DESC', name: 'ASC' }, take: TOP_SEARCHED_SHOWN });
    return devices.map(toDevice);
  }

  /**
   * Counts a selection of the device towards its popularity, at most once per visitor and
   * device a day. Without Redis the selection is not counted: popularity may lag, the wizard goes on.
   */
  async countSearch(deviceId: string, visitor: Visitor): Promise<SearchedDeviceCount> {
    if (!(await this.devices.exists({ where: { id: deviceId } }))) {
      throw new AppException(HttpStatus.NOT_FOUND, 'deviceNotFound');
    }
    const who = 'userId' in visitor ? `user:${visitor.userId}` : `ip:${visitor.ip}`;
    const key = `device-search:${deviceId}:${createHash('sha256').update(who).digest('base64url')}`;
    let counted = false;
    try {
      counted = (await this.redis.set(key, '1', 'EX', SEARCH_COUNTED_FOR_SECONDS, 'NX')) === 'OK';
    } catch (error) {
      this.logger.warn(`Device selection not counted: ${(error as Error).message}`);
    }
    if (counted) await this.devices.increment({ id: deviceId }, 'searchCount', 1);
    const { searchCount } = await this.devices.findOneOrFail({ where: { id: deviceId }, select: { searchCount: true } });
    return { counted, searchCount };
  }

  /**
   * Asks the workers to read the device's specs from the spec source and waits a few seconds
   * for them. The answer is the device with the fresh specs, or with the stored ones and a
   * message when the refresh failed or is still running. A refresh already under way is
   * joined rather than requested again. Each user may ask `DEVICE_SPEC_REFRESH_LIMIT` times an hour.
   */
  async refreshSpecs(deviceId: string, userId: string): Promise<DeviceSpecRefresh> {
    await this.rateLimits.consume(DEVICE_SPEC_REFRESH_LIMIT, userId);
    const requestedAt = await this.dataSource.transaction(async (transaction) => {
      const device = await lockedRow(transaction, DeviceEntity, { id: deviceId }, 'deviceNotFound');
      const inFlight = device.specsRefreshRequestedAt;
      if (
        inFlight &&
        Date.now() - inFlight.getTime() < REFRESH_IN_FLIGHT_MS &&
        !this.finishedSince(device, inFlight)
      ) {
        return inFlight;
      }
      const [{ now }]: { now: Date }[] = await transaction.query('SELECT clock_timestamp() AS now');
      await transaction.update(DeviceEntity, deviceId, { specsRefreshRequestedAt: now });
      await this.outbox.record(transaction, 'device.refresh-requested', { deviceId });
      return now;
    });

    const deadline = Date.now() + this.config.DEVICE_SPEC_WAIT_MS;
    for (;;) {
      const device = await this.devices.findOneByOrFail({ id: deviceId });
      const outcome = this.finishedSince(device, requestedAt);
      if (outcome === 'refreshed') return { ...toDevice(device), refresh: 'refreshed' };
      if (outcome === 'failed') {
        return { ...toDevice(device), refresh: 'failed', message: translateMessage('deviceSpecRefreshFailed') };
      }
      if (Date.now() >= deadline) {
        return { ...toDevice(device), refresh: 'pending', message: translateMessage('deviceSpecRefreshPending') };
      }
      await sleep(REFRESH_POLL_MS);
    }
  }

  /** Adds a model missing from the catalogue (admins) and asks for its specs at once. */
  async create(body: CreateDeviceBody): Promise<Device> {
    const id = await this.dataSource.transaction((transaction) => this.add(transaction, body));
    this.catalogueChanged();
    return this.byId(id);
  }

  /**
   * Adds a model in the caller's transaction (409 `deviceNameTaken` when the name is in the
   * catalogue); the caller calls `catalogueChanged` once it committed.
   */
  async add(transaction: EntityManager, body: CreateDeviceBody): Promise<string> {
    const brand = await this.categories.brandOf(body.categoryId, transaction);
    if (!brand) {
      throw new AppException(HttpStatus.BAD_REQUEST, 'categoryNotFound', {}, { categoryId: 'categoryNotFound' });
    }
    // Checked before the insert: a refused insert would end the caller's transaction with it.
    const [taken]: unknown[] = await transaction.query(`SELECT 1 FROM devices WHERE lower(name) = lower($1)`, [body.name]);
    if (taken) throw new AppException(HttpStatus.CONFLICT, 'deviceNameTaken', {}, { name: 'deviceNameTaken' });
    try {
      const { identifiers } = await transaction.insert(DeviceEntity, {
        name: body.name,
        categoryId: body.categoryId,
        // Its brand's drawing until the spec refresh brings the model's photo.
        img: await this.pictures.brandDrawing(brand),
        sourcePath: body.sourcePath,
        specsRefreshRequestedAt: () => 'clock_timestamp()',
      });
      const deviceId = identifiers[0].id as string;
      await this.outbox.record(transaction, 'device.refresh-requested', { deviceId });
      return deviceId;
    } catch (error) {
      const driverError = error instanceof QueryFailedError ? (error.driverError as { constraint?: string }) : {};
      if (driverError.constraint === 'devices_name_key') {
        throw new AppException(HttpStatus.CONFLICT, 'deviceNameTaken', {}, { name: 'deviceNameTaken' });
      }
      throw error;
    }
  }

  /** Searches of this process know a model just added at once (others within CATALOGUE_KEPT_MS). */
  catalogueChanged(): void {
    this.matcher?.clear();
    this.matches?.clear();
  }

  /**
   * The `perBrand` most selected models with specs of every brand, the brands' first models
   * first (in page order), at most `max` in all.
   */
  async mostSelectedPerBrand(perBrand: number, max: number): Promise<BrandedDevice[]> {
    const brand = brandLook('d.category_id');
    return this.dataSource.query(
      `SELECT id, name, brand_name AS brand, brand_color AS "brandColor", detail_spec AS "detailSpec" FROM (
         SELECT d.id, d.name, ${brand.columns}, d.detail_spec,
                row_number() OVER (PARTITION BY d.category_id ORDER BY d.search_count DESC, d.name DESC) AS place
           FROM devices d ${brand.join}
          WHERE jsonb_array_length(d.detail_spec) > 0) ranked
        WHERE place <= $1
        ORDER BY place, brand_number
        LIMIT $2`,
      [perBrand, max],
    );
  }

  /** The model a listing is for, read in the caller's transaction; null when the catalogue has no such id. */
  async listedDevice(transaction: EntityManager, id: string): Promise<ListedDevice | null> {
    return transaction.findOne(DeviceEntity, { where: { id }, select: { id: true, name: true, categoryId: true, detailSpec: true } });
  }

  async byId(id: string): Promise<Device> {
    return toDevice(await this.devices.findOneByOrFail({ id }));
  }

  /** Devices per brand, for the categories page: on the public pool, as every visitor may ask. */
  async byCategory(): Promise<ReadonlyMap<string, number>> {
    const rows = await this.reads.query<{ category_id: string; devices: number }>(`SELECT category_id, count(*)::int AS devices FROM devices GROUP BY category_id`);
    return new Map(rows.map((row) => [row.category_id, row.devices]));
  }

  countInCategory(categoryId: string, transaction: EntityManager = this.dataSource.manager): Promise<number> {
    return transaction.getRepository(DeviceEntity).countBy({ categoryId });
  }

  private finishedSince(device: DeviceEntity, requestedAt: Date): 'refreshed' | 'failed' | null {
    if (device.specsRefreshedAt && device.specsRefreshedAt >= requestedAt) return 'refreshed';
    if (device.specsRefreshFailedAt && device.specsRefreshFailedAt >= requestedAt) return 'failed';
    return null;
  }
}
