import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BUYER_LIMITS, type Currency, type FavouriteIds, type FavouritePage, type FavouriteStatus } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { BuyerListingsService, type BuyerListing } from '../browse/buyer-listings/buyer-listings.service';

/** Listings a buyer keeps: the heart on cards and on the detail page, the profile's 'Saralanganlar'. */
@Injectable()
export class FavouritesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly listings: BuyerListingsService,
  ) {}

  /** Keeps a listing on sale; keeping it again changes nothing. */
  async keep(userId: string, listingId: string): Promise<FavouriteStatus> {
    await this.dataSource.transaction(async (transaction) => {
      // One keep at a time per user, so that two taps at once cannot pass the limit together.
      await transaction.query(`SELECT pg_advisory_xact_lock(hashtext('favourite:' || $1))`, [userId]);
      const listing = await this.listings.find(listingId, transaction);
      if (!listing?.onSale) throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
      const [{ kept, already }] = (await transaction.query(
        `SELECT count(*)::int AS kept, bool_or(listing_id = $2) AS already FROM favourite WHERE user_id = $1`,
        [userId, listingId],
      )) as Array<{ kept: number; already: boolean | null }>;
      if (already) return;
      if (kept >= BUYER_LIMITS.favouritesPerUser) {
        throw new AppException(HttpStatus.CONFLICT, 'favouritesFull', { limit: BUYER_LIMITS.favouritesPerUser });
      }
      await transaction.query(`INSERT INTO favourite (user_id, listing_id, kept_price, kept_valut) VALUES ($1, $2, $3, $4)`, [
        userId,
        listingId,
        listing.price,
        listing.valut,
      ]);
    });
    return this.status(userId, listingId);
  }

  /** Lets a listing go, whatever became of it; letting go of one not kept changes nothing. */
  async letGo(userId: string, listingId: string): Promise<FavouriteStatus> {
    await this.dataSource.query(`DELETE FROM favourite WHERE user_id = $1 AND listing_id = $2`, [userId, listingId]);
    return this.status(userId, listingId);
  }

  /**
   * Whether the user keeps the listing; how many keep it, told to its seller only. A listing not
   * on sale is its seller's alone: to anyone else it does not exist, as on its detail page.
   */
  async status(userId: string | undefined, listingId: string): Promise<FavouriteStatus> {
    const listing = await this.listings.find(listingId);
    if (!listing || (!listing.onSale && listing.authorId !== userId)) throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS count, coalesce(bool_or(user_id = $2), false) AS favourite FROM favourite WHERE listing_id = $1`,
      [listingId, userId ?? null],
    )) as Array<{ count: number; favourite: boolean }>;
    return { favourite: row.favourite, count: userId === listing.authorId ? row.count : null };
  }

  async ids(userId: string): Promise<FavouriteIds> {
    const rows = (await this.dataSource.query(`SELECT listing_id FROM favourite WHERE user_id = $1 ORDER BY kept_at DESC`, [userId])) as Array<{
      listing_id: string;
    }>;
    return { ids: rows.map((row) => row.listing_id) };
  }

  /**
   * The user's favourites, newest kept first; a sold or removed listing stays, marked so. A listing
   * not on sale shows as it was kept, without its photo: its photos and price may have changed
   * since, unreviewed (an amended listing waits for moderation; a sold one can be edited).
   */
  async page(userId: string, page: number): Promise<FavouritePage> {
    const perPage = BUYER_LIMITS.favouritesPerPage;
    const [rows, [{ total }]] = (await Promise.all([
      this.dataSource.query(
        `SELECT listing_id, kept_at, kept_price::float8 AS kept_price, kept_valut FROM favourite
          WHERE user_id = $1 ORDER BY kept_at DESC, listing_id LIMIT $2 OFFSET $3`,
        [userId, perPage, (page - 1) * perPage],
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM favourite WHERE user_id = $1`, [userId]),
    ])) as [Array<{ listing_id: string; kept_at: Date; kept_price: number | null; kept_valut: Currency | null }>, Array<{ total: number }>];
    const cards = await this.listings.cards(rows.map((row) => row.listing_id));
    return {
      favourites: rows.flatMap((row): FavouritePage['favourites'] => {
        const found = cards.get(row.listing_id);
        if (!found) return [];
        const keptAt = row.kept_at.toISOString();
        if (found.state !== 'onSale') {
          const asKept = { ...found.card, image: null, price: row.kept_price ?? found.card.price, valut: row.kept_valut ?? found.card.valut };
          return [{ listing: asKept, state: found.state, keptAt, priceBefore: null }];
        }
        const { card } = found;
        const cheaper = row.kept_price !== null && row.kept_valut === card.valut && card.price < row.kept_price;
        return [{ listing: card, state: found.state, keptAt, priceBefore: cheaper ? row.kept_price : null }];
      }),
      pages: Math.ceil(total / perPage),
    };
  }

  /** The listing still offered and who keeps it: the inbox tells each of them of a lower price, linked or not. */
  /**
   * Who keeps a listing whose price was lowered (the event `eventId`), or null when the lowering is
   * no news (issue 35): a listing's drop is announced at most once a day, and only below the lowest
   * price announced before, so lowering, raising and lowering again does not message every holder
   * each time. The claim is one statement: two lowerings' jobs at once cannot both announce; the
   * same event's job run again finds its own claim and goes on (each holder is still told once).
   */
  async priceDropToAnnounce(eventId: string, listingId: string): Promise<{ listing: BuyerListing; userIds: string[] } | null> {
    const listing = await this.listings.find(listingId);
    if (!listing?.offered || listing.priceUzs === null) return null;
    const claimed = (await this.dataSource.query(
      `INSERT INTO price_drop_announcement (listing_id, event_id, lowest_price_uzs) VALUES ($1, $2, $3)
       ON CONFLICT (listing_id) DO UPDATE SET event_id = EXCLUDED.event_id, lowest_price_uzs = EXCLUDED.lowest_price_uzs, announced_at = now()
         WHERE price_drop_announcement.event_id = EXCLUDED.event_id
            OR (price_drop_announcement.lowest_price_uzs > EXCLUDED.lowest_price_uzs AND price_drop_announcement.announced_at <= now() - interval '1 day')
       RETURNING listing_id`,
      [listingId, eventId, listing.priceUzs],
    )) as unknown[];
    if (!claimed.length) return null;
    const rows = (await this.dataSource.query(`SELECT user_id FROM favourite WHERE listing_id = $1`, [listingId])) as Array<{ user_id: string }>;
    return { listing, userIds: rows.map((row) => row.user_id) };
  }

  /**
   * Hands each holder of a listing whose price was lowered to `send`, once per lowering
   * (`eventId`) and holder: the delivery is recorded before sending, so a job run again, even at
   * the same time, skips the holders already told, and taken back when `send` throws (the job's
   * retry tells them). No transaction waits for the chat's turn (as SavedSearchAlertsService).
   */
  async deliverPriceDrop(eventId: string, listingId: string, send: (holder: { userId: string; listing: BuyerListing }) => Promise<void>): Promise<void> {
    const listing = await this.listings.find(listingId);
    if (!listing?.offered) return;
    const holders = (await this.dataSource.query(`SELECT user_id FROM favourite WHERE listing_id = $1`, [listingId])) as Array<{ user_id: string }>;
    for (const { user_id: userId } of holders) {
      const claimed = (await this.dataSource.query(
        `INSERT INTO price_drop_delivery (event_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`,
        [eventId, userId],
      )) as unknown[];
      if (!claimed.length) continue;
      try {
        await send({ userId, listing });
      } catch (error) {
        await this.dataSource.query(`DELETE FROM price_drop_delivery WHERE event_id = $1 AND user_id = $2`, [eventId, userId]);
        throw error;
      }
    }
  }
}
