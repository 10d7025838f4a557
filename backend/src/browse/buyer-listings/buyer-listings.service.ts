import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { LIMITS, type Currency, type FavouriteState, type ListingCard, type ListingQuery } from '@market/contracts';
import { PublicReads } from '../../database/public-reads';
import { ImagesService } from '../../uploads/images.service';
import { FEED_ORDER, ON_SALE, feedFilterOf, feedSql } from '../listing-feed';
import { CHANNEL_VARIANT } from '../../listings/listing-photo-shapes';
import { CARD_COLUMNS, FIRST_PHOTO_COLUMNS, FIRST_PHOTO_JOIN, toCard, type CardRow } from '../../listings/listing.serializer';

/** What saved searches and favourites need to know of a listing. */
export interface BuyerListing {
  id: string;
  authorId: string;
  categoryId: string | null;
  deviceId: string | null;
  region: string | null;
  name: string | null;
  price: number | null;
  valut: Currency;
  /** The price in so'm, as prices are compared whatever their currency. */
  priceUzs: number | null;
  onSale: boolean;
  /** Not deleted, and on sale or back in moderation after an edit. */
  offered: boolean;
  /**
   * Where the first photo's JPEG copy is served from, the format Telegram takes as a photo (a WebP
   * is refused); null for a listing without photos, or whose photo has no copy yet.
   */
  photoLocation: string | null;
}

/** A saved search as the feed would read it: its query, and the models its name meant when saved. */
export interface SearchFilter {
  id: string;
  query: Omit<ListingQuery, 'page'>;
  deviceIds: readonly string[] | null;
}

interface BuyerListingRow {
  id: string;
  author_id: string;
  category_id: string | null;
  device_id: string | null;
  region: string | null;
  name: string | null;
  price: string | null;
  valut: Currency;
  price_uzs: string | null;
  on_sale: boolean;
  offered: boolean;
  channel_key: string | null;
}

/** Listings as buyers keep and search for them: their cards whatever became of them, and which saved searches one matches. */
@Injectable()
export class BuyerListingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: PublicReads,
    private readonly images: ImagesService,
  ) {}

  async find(listingId: string, transaction: EntityManager = this.dataSource.manager): Promise<BuyerListing | null> {
    const [row] = (await transaction.query(
      `SELECT l.id, l.author_id, l.category_id, l.device_id, l.region, l.name, l.price, l.valut, l.price_uzs,
              photo.variant_keys[${CHANNEL_VARIANT + 1}] AS channel_key,
              (l.status = 'active' AND l.deleted_at IS NULL) AS on_sale,
              (l.status IN ('active', 'waiting') AND l.deleted_at IS NULL) AS offered
         FROM listing l ${FIRST_PHOTO_JOIN} WHERE l.id = $1`,
      [listingId],
    )) as BuyerListingRow[];
    return row
      ? {
          id: row.id,
          authorId: row.author_id,
          categoryId: row.category_id,
          deviceId: row.device_id,
          region: row.region,
          name: row.name,
          price: row.price === null ? null : Number(row.price),
          valut: row.valut,
          priceUzs: row.price_uzs === null ? null : Number(row.price_uzs),
          onSale: row.on_sale,
          offered: row.offered,
          photoLocation: row.channel_key ? this.images.locationOf(row.channel_key) : null,
        }
      : null;
  }

  /** The cards of these listings (in no order) and what became of each: sold (off sale), removed (deleted or no longer shown). A public read. */
  async cards(listingIds: readonly string[]): Promise<Map<string, { card: ListingCard; state: FavouriteState }>> {
    if (listingIds.length === 0) return new Map();
    const rows = await this.reads.query<CardRow & { deleted: boolean }>(
      `SELECT ${CARD_COLUMNS}, l.deleted_at IS NOT NULL AS deleted,
              ${FIRST_PHOTO_COLUMNS}
         FROM listing l ${FIRST_PHOTO_JOIN}
        WHERE l.id = ANY($1::uuid[])`,
      [listingIds],
      { prepared: true },
    );
    const locationOf = (key: string) => this.images.locationOf(key);
    return new Map(
      rows.map((row) => {
        const state: FavouriteState = row.deleted ? 'removed' : row.status === 'active' ? 'onSale' : row.status === 'noActive' ? 'sold' : 'removed';
        return [row.id, { card: toCard(row, locationOf), state }];
      }),
    );
  }

  /**
   * The searches among `searches` the listing matches, by the feed's own conditions: a saved
   * search alerts exactly the listings its feed would show. One query, answered by the listing's
   * primary key for each search.
   */
  async matchingSearches(listingId: string, searches: readonly SearchFilter[]): Promise<string[]> {
    const params: unknown[] = [listingId];
    const checks: string[] = [];
    for (const search of searches) {
      // A name that meant no model finds nothing, as in the feed.
      if (search.deviceIds?.length === 0) continue;
      const sql = feedSql(feedFilterOf(search.query, { deviceIds: search.deviceIds ?? undefined }));
      const offset = params.length;
      // feedSql numbers its parameters from $1: they follow the ones already bound here.
      const count = sql.count.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      params.push(...sql.params, search.id);
      checks.push(`SELECT $${params.length}::uuid AS id WHERE (${count} AND l.id = $1) > 0`);
    }
    if (checks.length === 0) return [];
    const rows = (await this.dataSource.query(checks.join(' UNION ALL '), params)) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  /**
   * A seller's listings on sale in feed order, a page of the feed's size, and how many they have sold
   * (taken off sale). A public page: read on the public pool, with its statement timeout, whoever asks.
   */
  async ofSeller(authorId: string, page: number): Promise<{ phones: ListingCard[]; pages: number; sold: number }> {
    const [rows, [counts]] = await Promise.all([
      this.reads.query<CardRow>(
        `SELECT ${CARD_COLUMNS}, ${FIRST_PHOTO_COLUMNS}
           FROM listing l ${FIRST_PHOTO_JOIN}
          WHERE l.author_id = $1 AND ${ON_SALE}
          ORDER BY ${FEED_ORDER} LIMIT $2 OFFSET $3`,
        [authorId, LIMITS.listingsPerPage, (page - 1) * LIMITS.listingsPerPage],
      ),
      this.reads.query<{ on_sale: number; sold: number }>(
        `SELECT count(*) FILTER (WHERE status = 'active')::int AS on_sale, count(*) FILTER (WHERE status = 'noActive')::int AS sold
           FROM listing WHERE author_id = $1 AND deleted_at IS NULL`,
        [authorId],
      ),
    ]);
    const locationOf = (key: string) => this.images.locationOf(key);
    return { phones: rows.map((row) => toCard(row, locationOf)), pages: Math.ceil(counts.on_sale / LIMITS.listingsPerPage), sold: counts.sold };
  }
}
