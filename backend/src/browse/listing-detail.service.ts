import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import DataLoader from 'dataloader';
import type { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import {
  maskCardNumbers,
  type Currency,
  type ConditionGrade,
  type ListingContact,
  type ListingDetailResponse,
  type ListingFormValues,
  type ListingStatus,
} from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { brandName, type BrandNameColumns } from '../categories/category-reads';
import { AppException } from '../common/app.exception';
import { readThroughCache } from '../common/read-through-cache';
import { AppConfig } from '../config/app-config';
import { PublicReads } from '../database/public-reads';
import { catalogueModel, type CatalogueModelColumns } from '../devices/device-reads';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { joinImage, storedImageJson, type StoredImage } from '../uploads/image-reads';
import { ImagesService } from '../uploads/images.service';
import { sellerNameAndPicture, type SellerNameAndPicture } from '../users/user-reads';
import { ImeiSeal } from '../listings/imei-seal';
import { ListingCountersService, visitorKey, type Viewer } from './listing-counters.service';
import type { StoredChannelPost } from '../listings/listing.entity';
import { LISTING_LIMITS } from '../listings/listing.limits';
import { isoTime, largePhoto, thumbnailPhoto, toPosts } from '../listings/listing.serializer';

interface DetailRow extends CatalogueModelColumns, BrandNameColumns, SellerNameAndPicture {
  id: string;
  author_id: string;
  device_id: string | null;
  category_id: string | null;
  custom_model: string | null;
  name: string | null;
  price: number | null;
  price_uzs: number | null;
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
  /** ISO 8601, as the page shows it. */
  created_at: string;
  updated_at: string;
}

const seller = sellerNameAndPicture('l.author_id');
const device = catalogueModel('l.device_id');
const brand = brandName('l.category_id');
/**
 * Listings' details, each as one JSON value; the other modules' tables are read through their
 * fragments. As some fifty columns (`l.*`, IMEI hashes and moderation times included), the row
 * took 15 % of the API's time on details in node-postgres, built field by field (issue 17):
 * JSON.parse builds it at once, and PostgreSQL writes the times as the page shows them.
 */
const DETAIL_SQL = `
  SELECT to_json(detail) AS detail FROM (
    SELECT l.id, l.author_id, l.device_id, l.category_id, l.custom_model, l.name, l.price, l.price_uzs, l.valut,
           l.condition, l.document, l.shipping, l.imei_sealed, l.imei_last4, l.uzimei_registered, l.no_instalment_debt,
           l.grade, l.battery, l.region, l.color, l.ram, l.storage, l.description, l.tarif, l.status, l.step,
           l.phone_number, l.telegram_username, l.author_name, l.posts, l.rejection_reason,
           ${isoTime('l.created_at')} AS created_at, ${isoTime('l.updated_at')} AS updated_at,
           ${device.columns}, ${brand.columns}, ${seller.columns},
           COALESCE(counter.views, 0) AS views,
           (SELECT COALESCE(json_agg(${storedImageJson('photo')} ORDER BY li.position), '[]')
              FROM listing_image li ${joinImage('photo', 'li.image_id')}
             WHERE li.listing_id = l.id) AS photos
      FROM listing l
      ${seller.join}
      LEFT JOIN listing_counter counter ON counter.listing_id = l.id
      ${device.join}
      ${brand.join}
     WHERE l.id = ANY($1::uuid[]) AND l.deleted_at IS NULL) detail`;

const PUBLIC_DETAILS_KEPT = 5_000;
/** Details read by one statement at most: a few milliseconds of index lookups, and a failed read (a timeout) fails no more. */
const DETAILS_PER_READ = 50;

interface StoredDetail {
  row: DetailRow;
  photos: StoredImage[];
}

/** A listing's page and its seller's contact, as each viewer may see them. */
@Injectable()
export class ListingDetailService {
  /**
   * Detail pages as anonymous visitors see them, kept for PUBLIC_CACHE_TTL_MS like the feed
   * (a popular listing is read once per interval however many open it; concurrent misses share
   * one read). The answer cache keeps bytes per URL; this keeps the rows per listing, so it also
   * serves what that cache cannot: the addresses it tells apart (`?` and anything after it),
   * refusals (a listing off sale or unknown: it keeps no 404), cross-origin requests and listings
   * beyond its MAX_ANSWERS. Views are still counted per visitor on every request.
   */
  private readonly publicDetails?: LRUCache<string, { found: StoredDetail | undefined }>;
  /**
   * The details asked for in one turn of the event loop are read by one statement: under load the
   * long tail's details come several to a turn, and each statement costs PostgreSQL and the API a
   * round trip and a context switch of their own (issue 17).
   */
  private readonly detailsOfOneTurn = new DataLoader<string, StoredDetail | undefined>((ids) => this.loadDetails(ids), {
    cache: false,
    batchScheduleFn: (readAll) => setImmediate(readAll),
    maxBatchSize: DETAILS_PER_READ,
  });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: PublicReads,
    private readonly images: ImagesService,
    private readonly rateLimits: RateLimitService,
    private readonly counters: ListingCountersService,
    private readonly imeis: ImeiSeal,
    config: AppConfig,
  ) {
    if (config.PUBLIC_CACHE_TTL_MS > 0) {
      this.publicDetails = readThroughCache({
        max: PUBLIC_DETAILS_KEPT,
        ttlMs: config.PUBLIC_CACHE_TTL_MS,
        // An unknown listing is kept too (its 404 is as cacheable as a page), and a read always has a value.
        load: async (id: string) => ({ found: await this.detailsOfOneTurn.load(id) }),
      });
    }
  }

  /**
   * `GET /api/phone/{id}`. A listing that is not on sale is shown to its author and admins
   * only (404 for anyone else, as if it did not exist). A visitor's view counts once a day;
   * the author's own visits do not count.
   */
  async detail(id: string, viewer: Viewer): Promise<ListingDetailResponse> {
    // A visitor who is not signed in cannot be the author or an admin: the public part is all they may see.
    const stored = viewer.user || !this.publicDetails ? await this.detailsOfOneTurn.load(id) : (await this.publicDetails.fetch(id))?.found;
    const mayManage = !!stored && isAuthorOrAdmin(viewer.user, stored.row.author_id);
    if (!stored || (stored.row.status !== 'active' && !mayManage)) throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');

    const { row, photos } = stored;
    if (row.status === 'active' && viewer.user?.id !== row.author_id) await this.counters.countView(id, viewer);
    // Views counted and not written yet are shown too: a visitor sees their own view at once.
    const views = row.views + this.counters.unwrittenViews(id);
    const locationOf = (key: string) => this.images.locationOf(key);
    const detail: ListingDetailResponse = {
      _id: row.id,
      name: row.name ?? '',
      price: Number(row.price ?? 0),
      priceUzs: Number(row.price_uzs ?? 0),
      valut: row.valut,
      region: row.region ?? '',
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      tarif: row.tarif === 1 ? 1 : 0,
      status: row.status,
      category: row.category_id ? { _id: row.category_id, name: row.brand_name ?? '' } : null,
      device: row.device_id
        ? { _id: row.device_id, name: row.device_name ?? '', img: row.device_img, quickSpec: row.device_quick_spec ?? [] }
        : null,
      images: photos.map((photo) => largePhoto(photo, locationOf)),
      condition: row.condition,
      document: row.document,
      shipping: row.shipping,
      color: row.color,
      ram: row.ram,
      storage: row.storage,
      // A card number is where prepayment goes: buyers never see it (the checks flag it to moderators).
      description: row.description === null ? null : maskCardNumbers(row.description),
      imeiLast4: row.imei_last4,
      uzimeiRegistered: row.uzimei_registered,
      grade: row.grade,
      battery: row.battery,
      authorName: row.author_name === null ? null : maskCardNumbers(row.author_name),
      author: {
        _id: row.author_id,
        name: row.seller_name,
        image: row.seller_image_id ? { _id: row.seller_image_id, location: row.seller_image_location! } : null,
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
      await this.counters.countContactReveal(id, viewer);
    }
    return { phoneNumber: row.phone_number ?? '', telegramUsername: row.telegram_username };
  }

  /** The listings with their devices, brands, authors and photos in one query (one round trip, planned once per connection). */
  private async loadDetails(ids: readonly string[]): Promise<(StoredDetail | undefined)[]> {
    const rows = await this.reads.query<{ detail: DetailRow & { photos: StoredImage[] } }>(DETAIL_SQL, [ids], { prepared: true });
    const found = new Map(rows.map(({ detail: { photos, ...row } }) => [row.id, { row, photos }]));
    // PostgreSQL writes an id in small letters however it was asked for.
    return ids.map((id) => found.get(id.toLowerCase()));
  }
}

function isAuthorOrAdmin(user: SessionUser | undefined, authorId: string): boolean {
  return !!user && (user.id === authorId || user.role === 'admin');
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
