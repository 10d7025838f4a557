import { BeforeApplicationShutdown, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import {
  LIMITS,
  type Currency,
  type ConditionGrade,
  type ListingContact,
  type ListingDetailResponse,
  type ListingFormValues,
  type ListingPage,
  type ListingSuggestion,
  type ListingQuery,
  type ListingStatus,
  type SpecEntry,
} from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { ConcurrencyLimit } from '../common/concurrency-limit';
import { readThroughCache } from '../common/read-through-cache';
import { AppConfig } from '../config/app-config';
import { PublicReads } from '../database/public-reads';
import { DevicesService, type ListingModels } from '../devices/devices.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { RedisClient } from '../redis/redis.module';
import { ImagesService } from '../uploads/images.service';
import { ListingCounterBatch, type ListingCounts } from './listing-counter-batch';
import { ANCHOR_SPACING, anchorBefore, feedFilterOf, feedSql, isBrandId, ON_SALE, type FeedAnchor, type FeedPosition, type FeedSql } from './listing-feed';
import { ImeiSeal } from './imei-seal';
import { FEED_TOTALS_SETTINGS, FeedTotals } from './listing-feed-totals';
import type { StoredChannelPost } from './listing.entity';
import { COUNTED_ONCE_PER_SECONDS, LISTING_LIMITS } from './listing.limits';
import { largePhoto, thumbnailPhoto, toCard, toPosts, type CardRow, type StoredPhoto } from './listing.serializer';

/** Who is looking: a signed-in user, or a visitor known by IP address. */
export interface Viewer {
  user?: SessionUser;
  ip: string;
}

interface DetailRow {
  id: string;
  author_id: string;
  device_id: string | null;
  category_id: string | null;
  custom_model: string | null;
  name: string | null;
  price: string | null;
  price_uzs: string | null;
  valut: Currency;
  condition: boolean;
  document: boolean;
  shipping: boolean;
  imei_sealed: string[];
  imei_last4: string[];
  uzimei_registered: boolean | null;
  no_instalment_debt: boolean;
  grade: ConditionGrade | null;
  battery: number | null;
  region: string | null;
  color: string | null;
  ram: string | null;
  storage: string | null;
  description: string | null;
  tarif: number;
  status: ListingStatus;
  step: number;
  phone_number: string | null;
  telegram_username: string | null;
  author_name: string | null;
  views: number;
  posts: Record<string, StoredChannelPost>;
  rejection_reason: string | null;
  created_at: Date;
  updated_at: Date;
  device_name: string | null;
  device_img: string | null;
  quick_spec: SpecEntry[] | null;
  category_name: string | null;
  author_user_name: string | null;
  author_image_id: string | null;
  author_image_location: string | null;
}

const PUBLIC_DETAILS_KEPT = 5_000;
/** Models offered under 'mavjud emas' when a name search finds nothing. */
const SUGGESTIONS_SHOWN = 5;
const FEED_TOTALS_KEPT = 5_000;
/** How long the places of a feed's anchors are used: a deep page may be off by the listings added or sold meanwhile. */
const ANCHORS_KEPT_MS = 60_000;
/** Anchors being found at once, at most: a few feeds at a time, never the whole main pool. */
const ANCHOR_READS_AT_ONCE = 3;
/** Filters whose anchors are kept: the whole feed, each brand, region and model searched, and their combinations. */
const ANCHORED_FEEDS_KEPT = 2_000;
/** How old the snapshot of feed totals may be before it is read again (in the background). */
const FEED_TOTALS_REFRESH_MS = 15_000;
/** Views and contact reveals are written to listing_counter this often, in one statement. */
export const COUNTER_WRITE_INTERVAL_MS = 2_000;
/** Searches (a name or price bounds) waiting for their turn beyond that: more are answered 503. */
const SEARCHES_WAITING = 500;

interface StoredDetail {
  row: DetailRow;
  photos: StoredPhoto[];
}

/** The public side of listings: the home feed, the detail page and the seller's contact. */
@Injectable()
export class ListingBrowseService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ListingBrowseService.name);
  /**
   * Detail pages as anonymous visitors see them, kept for PUBLIC_CACHE_TTL_MS like the feed
   * (a popular listing is read once per interval however many open it; concurrent misses share
   * one read), also for addresses the answer cache tells apart (`?` and anything after it).
   * Views are still counted per visitor on every request.
   */
  private readonly publicDetails?: LRUCache<string, { found: StoredDetail | undefined }>;
  /**
   * The number of listings each filter finds, from one snapshot of the listings on sale read
   * every FEED_TOTALS_REFRESH_MS (FeedTotals): any filter, price bounds included, is counted in
   * memory. Until the first snapshot is read, and with public caching off, a filter is counted
   * by a query, shared by all its pages for the interval (`feedCounts`).
   */
  private readonly feedTotals?: LRUCache<'listings on sale', FeedTotals>;
  private readonly feedCounts?: LRUCache<string, number, FeedSql>;
  /** The places of every ANCHOR_SPACING-th listing of a feed, by filter. */
  private readonly feedAnchors?: LRUCache<string, FeedPosition[], FeedSql>;
  /** Anchors are found for a few feeds at a time: a burst of deep pages over many filters never takes the main pool. */
  private readonly anchorReads = new ConcurrencyLimit(ANCHOR_READS_AT_ONCE, Number.MAX_SAFE_INTEGER);
  /**
   * Name searches and price bounds take at most half of the public reads' connections: a flood
   * of them leaves the other half to the feed's pages and listings' details.
   */
  private readonly searches: ConcurrencyLimit;
  private readonly counters: ListingCounterBatch;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: PublicReads,
    private readonly devices: DevicesService,
    private readonly images: ImagesService,
    private readonly rateLimits: RateLimitService,
    private readonly redis: RedisClient,
    private readonly config: AppConfig,
    private readonly imeis: ImeiSeal,
  ) {
    this.searches = new ConcurrencyLimit(Math.max(1, Math.floor(config.DATABASE_POOL_SIZE / 2)), SEARCHES_WAITING);
    this.counters = new ListingCounterBatch(
      (added) => this.writeCounts(added),
      COUNTER_WRITE_INTERVAL_MS,
      (error) => this.logger.warn(`Listing views and contact reveals not written yet: ${error.message}`),
    );
    if (config.PUBLIC_CACHE_TTL_MS > 0) {
      this.publicDetails = readThroughCache({
        max: PUBLIC_DETAILS_KEPT,
        ttlMs: config.PUBLIC_CACHE_TTL_MS,
        // An unknown listing is kept too (its 404 is as cacheable as a page), and a read always has a value.
        load: async (id: string) => ({ found: await this.loadDetail(id) }),
      });
      this.feedTotals = readThroughCache({ max: 1, ttlMs: FEED_TOTALS_REFRESH_MS, serveStale: true, load: () => this.readFeedTotals() });
      this.feedCounts = readThroughCache({
        max: FEED_TOTALS_KEPT,
        ttlMs: config.PUBLIC_CACHE_TTL_MS,
        load: (_key: string, sql: FeedSql) => this.countFeed(sql),
      });
      this.feedAnchors = readThroughCache({
        max: ANCHORED_FEEDS_KEPT,
        ttlMs: ANCHORS_KEPT_MS,
        serveStale: true,
        load: (_key: string, sql: FeedSql) => this.anchorReads.run(() => this.readAnchors(sql)),
      });
    }
  }

  /** What was counted and not written yet is written before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.counters.stop();
    await this.counters.flush();
  }

  /**
   * `GET /api/phone`: one query for the page, its listings found in an index, and the number of
   * pages from the feed's totals. A name is looked up in the device catalogue (typos, Cyrillic
   * and spellings by ear included) and the models it means are taken by device_id; a name that
   * means no model finds nothing without a query of listings. When a name finds nothing, the
   * answer's `suggestions` name the nearest models that have listings.
   */
  async list(query: ListingQuery): Promise<ListingPage> {
    const search = query.name !== undefined || query.minPrice !== undefined || query.maxPrice !== undefined;
    const found = await (search ? this.searches.run(() => this.feedPage(query)) : this.feedPage(query));
    const locationOf = (key: string) => this.images.locationOf(key);
    const page: ListingPage = { phones: found.rows.map((row) => toCard(row, locationOf)), pages: Math.ceil(found.total / LIMITS.listingsPerPage) };
    if (found.models?.deviceIds && found.total === 0) page.suggestions = await this.suggestions(found.models);
    return page;
  }

  /**
   * `GET /api/phone/{id}`. A listing that is not on sale is shown to its author and admins
   * only (404 for anyone else, as if it did not exist). A visitor's view counts once a day;
   * the author's own visits do not count.
   */
  async detail(id: string, viewer: Viewer): Promise<ListingDetailResponse> {
    // A visitor who is not signed in cannot be the author or an admin: the public part is all they may see.
    const stored = viewer.user || !this.publicDetails ? await this.loadDetail(id) : (await this.publicDetails.fetch(id))?.found;
    const mayManage = !!stored && isAuthorOrAdmin(viewer.user, stored.row.author_id);
    if (!stored || (stored.row.status !== 'active' && !mayManage)) throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');

    const { row, photos } = stored;
    if (row.status === 'active' && viewer.user?.id !== row.author_id) await this.countView(id, viewer);
    // Views counted and not written yet are shown too: a visitor sees their own view at once.
    const views = row.views + this.counters.unwritten(id).views;
    const locationOf = (key: string) => this.images.locationOf(key);
    const detail: ListingDetailResponse = {
      _id: row.id,
      name: row.name ?? '',
      price: Number(row.price ?? 0),
      priceUzs: Number(row.price_uzs ?? 0),
      valut: row.valut,
      region: row.region ?? '',
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      tarif: row.tarif === 1 ? 1 : 0,
      status: row.status,
      category: row.category_id ? { _id: row.category_id, name: row.category_name ?? '' } : null,
      device: row.device_id
        ? { _id: row.device_id, name: row.device_name ?? '', img: row.device_img, quickSpec: row.quick_spec ?? [] }
        : null,
      images: photos.map((photo) => largePhoto(photo, locationOf)),
      condition: row.condition,
      document: row.document,
      shipping: row.shipping,
      color: row.color,
      ram: row.ram,
      storage: row.storage,
      description: row.description,
      imeiLast4: row.imei_last4,
      uzimeiRegistered: row.uzimei_registered,
      grade: row.grade,
      battery: row.battery,
      authorName: row.author_name,
      author: {
        _id: row.author_id,
        name: row.author_user_name,
        image: row.author_image_id ? { _id: row.author_image_id, location: row.author_image_location! } : null,
      },
      posts: toPosts(row.posts),
      views,
    };
    if (mayManage) {
      detail.owner = {
        form: {
          ...formValues(row, photos.map((photo) => thumbnailPhoto(photo, locationOf))),
          imei: this.imeis.open({ imeiSealed: row.imei_sealed, imeiLast4: row.imei_last4 }),
        },
        rejectionReason: row.rejection_reason,
      };
    }
    return detail;
  }

  /**
   * Counts a visitor's view of an active listing, once a day per visitor (anonymous visitors
   * answered from memory are counted here too: ListingViewRecorder). The count is written with
   * the others every COUNTER_WRITE_INTERVAL_MS.
   */
  async countView(id: string, viewer: Viewer): Promise<void> {
    if (await this.countOnce('view', id, viewer)) this.counters.add(id, 'views');
  }

  /** Writes the views and contact reveals counted since the last write (the tests' way to see them at once). */
  writeCountsNow(): Promise<void> {
    return this.counters.flush();
  }

  /**
   * One statement for every listing counted: in the order of their ids, so that two API processes
   * writing at once lock the rows in the same order. A listing deleted meanwhile is left out.
   */
  private async writeCounts(added: ReadonlyMap<string, ListingCounts>): Promise<void> {
    const ids = [...added.keys()].sort();
    await this.dataSource.query(
      `INSERT INTO listing_counter AS counter (listing_id, views, contact_reveals)
       SELECT l.id, added.views, added.contact_reveals
         FROM unnest($1::uuid[], $2::int[], $3::int[]) AS added (listing_id, views, contact_reveals)
         JOIN listing l ON l.id = added.listing_id
        ORDER BY l.id
       ON CONFLICT (listing_id) DO UPDATE SET views = counter.views + excluded.views,
                                             contact_reveals = counter.contact_reveals + excluded.contact_reveals`,
      [ids, ids.map((id) => added.get(id)!.views), ids.map((id) => added.get(id)!.contactReveals)],
    );
  }

  /** The listing with its device, brand, author and photos in one query (one round trip, planned once per connection). */
  private async loadDetail(id: string): Promise<StoredDetail | undefined> {
    const rows = await this.reads.query<DetailRow & { photos: StoredPhoto[] }>(
      `SELECT l.*, d.name AS device_name, d.img AS device_img, d.quick_spec, c.name AS category_name,
              u.name AS author_user_name, avatar.id AS author_image_id, avatar.location AS author_image_location,
              COALESCE(counter.views, 0) AS views,
              (SELECT COALESCE(json_agg(json_build_object('id', i.id, 'key', i.key, 'variant_keys', i.variant_keys) ORDER BY li.position), '[]')
                 FROM listing_image li JOIN images i ON i.id = li.image_id
                WHERE li.listing_id = l.id) AS photos
         FROM listing l
         JOIN users u ON u.id = l.author_id
         LEFT JOIN listing_counter counter ON counter.listing_id = l.id
         LEFT JOIN images avatar ON avatar.id = u.image_id
         LEFT JOIN devices d ON d.id = l.device_id
         LEFT JOIN categories c ON c.id = l.category_id
        WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [id],
      { prepared: true },
    );
    if (!rows[0]) return undefined;
    const { photos, ...row } = rows[0];
    return { row, photos };
  }

  /**
   * `GET /api/phone/{id}/contact`: the seller's phone and Telegram username. Limited per
   * visitor (429 beyond it) and counted once a day per visitor; the author and admins are
   * neither limited nor counted.
   */
  async contact(id: string, viewer: Viewer): Promise<ListingContact> {
    const rows: Pick<DetailRow, 'author_id' | 'status' | 'phone_number' | 'telegram_username'>[] = await this.dataSource.query(
      `SELECT author_id, status, phone_number, telegram_username FROM listing WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    const row = rows[0];
    const mayManage = !!row && isAuthorOrAdmin(viewer.user, row.author_id);
    if (!row || (row.status !== 'active' && !mayManage)) throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
    if (!mayManage) {
      await this.rateLimits.consume(LISTING_LIMITS.contactReveals, visitorKey(viewer));
      if (await this.countOnce('contact', id, viewer)) this.counters.add(id, 'contactReveals');
    }
    return { phoneNumber: row.phone_number ?? '', telegramUsername: row.telegram_username };
  }

  private async feedPage(query: ListingQuery): Promise<{ rows: CardRow[]; total: number; models?: ListingModels }> {
    const models = query.name !== undefined ? await this.devices.listingModels(query.name) : undefined;
    if (models?.deviceIds?.length === 0) return { rows: [], total: 0, models };
    const filter = feedFilterOf(query, models);
    const sql = feedSql(filter);
    const offset = (query.page - 1) * LIMITS.listingsPerPage;
    const totals = this.feedTotals && (await this.feedTotals.fetch('listings on sale'));
    if (!totals) {
      const [total, rows] = await Promise.all([this.feedCounts ? this.feedCounts.fetch(this.feedKey(sql), { context: sql }) : this.countFeed(sql), this.pageRows(sql, offset)]);
      return { rows, total: total!, models };
    }
    const categoryId = filter.brand === undefined ? undefined : totals.brandId(filter.brand, isBrandId(filter.brand));
    const total = filter.brand !== undefined && !categoryId ? 0 : totals.count({ ...filter, categoryId });
    // Beyond the last page there is nothing to read.
    return { rows: offset < total ? await this.pageRows(sql, offset) : [], total, models };
  }

  /**
   * When a name search finds no listing: the models nearest to the name that have listings on
   * sale (the ones it matched first, when other filters left them out), never shown as matches.
   * One probe of the index of listings by model per candidate, stopping at SUGGESTIONS_SHOWN.
   */
  private async suggestions(models: ListingModels): Promise<ListingSuggestion[]> {
    const candidates = [...models.matched, ...models.closest];
    if (candidates.length === 0) return [];
    const rows = await this.reads.query<{ id: string }>(
      `SELECT candidate.id FROM unnest($1::uuid[]) WITH ORDINALITY AS candidate (id, place)
        WHERE EXISTS (SELECT FROM listing l WHERE l.device_id = candidate.id AND ${ON_SALE})
        ORDER BY candidate.place LIMIT $2`,
      [candidates.map((model) => model.id), SUGGESTIONS_SHOWN],
      { prepared: true },
    );
    const byId = new Map(candidates.map((model) => [model.id, model.name]));
    return rows.map((row) => ({ _id: row.id, name: byId.get(row.id)! }));
  }

  private async pageRows(sql: FeedSql, offset: number): Promise<CardRow[]> {
    const from = this.feedAnchors && sql.anchored && offset >= ANCHOR_SPACING ? await this.anchorFor(sql, offset) : undefined;
    const page = sql.page(offset, from);
    return this.reads.query<CardRow>(page.sql, page.params, { prepared: sql.plannedOnce });
  }

  private async anchorFor(sql: FeedSql, offset: number): Promise<FeedAnchor | undefined> {
    // By the anchors' own query: a filter has other anchors in each order.
    const key = JSON.stringify([sql.anchors(ANCHOR_SPACING).sql, sql.params]);
    return anchorBefore((await this.feedAnchors!.fetch(key, { context: sql }))!, offset, ANCHOR_SPACING);
  }

  private feedKey(sql: FeedSql): string {
    return JSON.stringify([sql.count, sql.params]);
  }

  /** The anchors walk the whole filtered feed (an index-only scan): on the main pool, whose timeout allows it. */
  private readAnchors(sql: FeedSql): Promise<FeedPosition[]> {
    const { sql: text, params } = sql.anchors(ANCHOR_SPACING);
    return this.dataSource.query(text, params);
  }

  /** One scan of the index of listings by model, in a transaction of its own for its settings. */
  private readFeedTotals(): Promise<FeedTotals> {
    return this.dataSource.transaction(async (transaction) => {
      for (const setting of FEED_TOTALS_SETTINGS) await transaction.query(setting);
      return FeedTotals.read((text) => transaction.query(text));
    });
  }

  private async countFeed(sql: FeedSql): Promise<number> {
    const [{ total }] = await this.reads.query<{ total: number }>(sql.count, sql.params);
    return total;
  }

  /**
   * Whether this visitor's view or reveal of the listing is the first today. Without Redis it
   * is not counted: the numbers may lag, the page still opens.
   */
  private async countOnce(what: 'view' | 'contact', listingId: string, viewer: Viewer): Promise<boolean> {
    const visitor = createHash('sha256').update(visitorKey(viewer)).digest('base64url');
    const key = `${this.config.QUEUE_PREFIX}:listing-${what}:${listingId}:${visitor}`;
    try {
      return (await this.redis.set(key, '1', 'EX', COUNTED_ONCE_PER_SECONDS, 'NX')) === 'OK';
    } catch (error) {
      this.logger.warn(`Listing ${what} not counted: ${(error as Error).message}`);
      return false;
    }
  }
}

function isAuthorOrAdmin(user: SessionUser | undefined, authorId: string): boolean {
  return !!user && (user.id === authorId || user.role === 'admin');
}

function visitorKey(viewer: Viewer): string {
  return viewer.user ? `user:${viewer.user.id}` : `ip:${viewer.ip}`;
}

function formValues(row: DetailRow, images: ListingFormValues['images']): Omit<ListingFormValues, 'imei'> {
  return {
    device: row.device_id,
    customModel: row.custom_model && row.category_id ? { brand: row.category_id, name: row.custom_model } : null,
    ram: row.ram,
    storage: row.storage,
    color: row.color,
    price: row.price === null ? null : Number(row.price),
    valut: row.valut,
    description: row.description,
    authorName: row.author_name,
    phoneNumber: row.phone_number,
    telegramUsername: row.telegram_username,
    region: row.region,
    images,
    condition: row.condition,
    documents: row.document,
    delivery: row.shipping,
    uzimeiRegistered: row.uzimei_registered,
    noInstalmentDebt: row.no_instalment_debt,
    grade: row.grade,
    battery: row.battery,
    tarif: row.tarif === 1 ? 1 : 0,
    step: row.step,
  };
}
