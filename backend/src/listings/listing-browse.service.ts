import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import {
  LIMITS,
  type Currency,
  type ListingContact,
  type ListingDetailResponse,
  type ListingFormValues,
  type ListingPage,
  type ListingQuery,
  type ListingStatus,
  type SpecEntry,
} from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { readThroughCache } from '../common/read-through-cache';
import { AppConfig } from '../config/app-config';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { RedisClient } from '../redis/redis.module';
import { ImagesService } from '../uploads/images.service';
import { feedSql, type FeedSql, type NameMatch } from './listing-feed';
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
  name: string | null;
  price: string | null;
  valut: Currency;
  condition: boolean;
  document: boolean;
  shipping: boolean;
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
const FEED_TOTALS_KEPT = 5_000;

interface StoredDetail {
  row: DetailRow;
  photos: StoredPhoto[];
}

/** The public side of listings: the home feed, the detail page and the seller's contact. */
@Injectable()
export class ListingBrowseService {
  private readonly logger = new Logger(ListingBrowseService.name);
  /**
   * Detail pages as anonymous visitors see them, kept for PUBLIC_CACHE_TTL_MS like the feed
   * (a popular listing is read once per interval however many open it; concurrent misses share
   * one read), also for addresses the answer cache tells apart (`?` and anything after it).
   * Views are still counted per visitor on every request.
   */
  private readonly publicDetails?: LRUCache<string, { found: StoredDetail | undefined }>;
  /**
   * The number of listings a filter finds, shared by all its pages for the same interval: a
   * visitor paging through the feed costs one index scan for the page, not a recount of
   * hundreds of thousands of listings per page.
   */
  private readonly feedTotals?: LRUCache<string, number, FeedSql>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesService,
    private readonly rateLimits: RateLimitService,
    private readonly redis: RedisClient,
    private readonly config: AppConfig,
  ) {
    if (config.PUBLIC_CACHE_TTL_MS > 0) {
      this.publicDetails = readThroughCache({
        max: PUBLIC_DETAILS_KEPT,
        ttlMs: config.PUBLIC_CACHE_TTL_MS,
        // An unknown listing is kept too (its 404 is as cacheable as a page), and a read always has a value.
        load: async (id: string) => ({ found: await this.loadDetail(id) }),
      });
      this.feedTotals = readThroughCache({
        max: FEED_TOTALS_KEPT,
        ttlMs: config.PUBLIC_CACHE_TTL_MS,
        load: (_key: string, sql: FeedSql) => this.countFeed(sql),
      });
    }
  }

  /**
   * `GET /api/phone`: one query for the page and one count, both on indexes. A name that is
   * nowhere a substring is looked up again among similar names (typos).
   */
  async list(query: ListingQuery): Promise<ListingPage> {
    let found = await this.feedPage(query, 'substring');
    if (found.total === 0 && query.name) found = await this.feedPage(query, 'similar');
    const locationOf = (key: string) => this.images.locationOf(key);
    return { phones: found.rows.map((row) => toCard(row, locationOf)), pages: Math.ceil(found.total / LIMITS.listingsPerPage) };
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
    let views = row.views;
    if (row.status === 'active' && viewer.user?.id !== row.author_id) views = (await this.countView(id, viewer)) ?? views;
    const locationOf = (key: string) => this.images.locationOf(key);
    const detail: ListingDetailResponse = {
      _id: row.id,
      name: row.name ?? '',
      price: Number(row.price ?? 0),
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
        form: formValues(row, photos.map((photo) => thumbnailPhoto(photo, locationOf))),
        rejectionReason: row.rejection_reason,
      };
    }
    return detail;
  }

  /**
   * Counts a visitor's view of an active listing, once a day per visitor; answers the new count
   * when this view counted. Anonymous visitors answered from memory are counted here too
   * (ListingViewRecorder).
   */
  async countView(id: string, viewer: Viewer): Promise<number | undefined> {
    if (!(await this.countOnce('view', id, viewer))) return undefined;
    const counted: { views: number }[] = await this.dataSource.query(
      `INSERT INTO listing_counter AS counter (listing_id, views)
       SELECT id, 1 FROM listing WHERE id = $1 AND status = 'active'
       ON CONFLICT (listing_id) DO UPDATE SET views = counter.views + 1
       RETURNING views`,
      [id],
    );
    return counted[0]?.views;
  }

  private async loadDetail(id: string): Promise<StoredDetail | undefined> {
    const rows: DetailRow[] = await this.dataSource.query(
      `SELECT l.*, d.name AS device_name, d.img AS device_img, d.quick_spec, c.name AS category_name,
              u.name AS author_user_name, avatar.id AS author_image_id, avatar.location AS author_image_location,
              COALESCE(counter.views, 0) AS views
         FROM listing l
         JOIN users u ON u.id = l.author_id
         LEFT JOIN listing_counter counter ON counter.listing_id = l.id
         LEFT JOIN images avatar ON avatar.id = u.image_id
         LEFT JOIN devices d ON d.id = l.device_id
         LEFT JOIN categories c ON c.id = l.category_id
        WHERE l.id = $1 AND l.deleted_at IS NULL`,
      [id],
    );
    if (!rows[0]) return undefined;
    const photos: StoredPhoto[] = await this.dataSource.query(
      `SELECT i.id, i.key, i.variant_keys FROM listing_image li JOIN images i ON i.id = li.image_id
        WHERE li.listing_id = $1 ORDER BY li.position`,
      [id],
    );
    return { row: rows[0], photos };
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
      if (await this.countOnce('contact', id, viewer)) {
        await this.dataSource.query(
          `INSERT INTO listing_counter AS counter (listing_id, contact_reveals) VALUES ($1, 1)
           ON CONFLICT (listing_id) DO UPDATE SET contact_reveals = counter.contact_reveals + 1`,
          [id],
        );
      }
    }
    return { phoneNumber: row.phone_number ?? '', telegramUsername: row.telegram_username };
  }

  private async feedPage(query: ListingQuery, nameMatch: NameMatch): Promise<{ rows: CardRow[]; total: number }> {
    const sql = feedSql(query, nameMatch);
    const [total, rows] = await Promise.all([
      this.feedTotals
        ? this.feedTotals.fetch(JSON.stringify([sql.count, sql.params]), { context: sql })
        : this.countFeed(sql),
      this.dataSource.query(sql.page, sql.pageParams((query.page - 1) * LIMITS.listingsPerPage)) as Promise<CardRow[]>,
    ]);
    return { rows, total: total! };
  }

  private async countFeed(sql: FeedSql): Promise<number> {
    const [{ total }]: { total: number }[] = await this.dataSource.query(sql.count, sql.params);
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

function formValues(row: DetailRow, images: ListingFormValues['images']): ListingFormValues {
  return {
    device: row.device_id,
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
    tarif: row.tarif === 1 ? 1 : 0,
    step: row.step,
  };
}
