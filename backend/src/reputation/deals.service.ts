import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { REPUTATION_LIMITS, type Deal, type DealCandidates, type DealFlag, type DealPage } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { BuyerListingsService } from '../browse/buyer-listings/buyer-listings.service';
import { ConversationsService } from '../conversations/conversations.service';
import { PublicReads } from '../database/public-reads';
import { OutboxService } from '../events/outbox.service';
import { accountCreated, sellerNameAndPicture } from '../users/user-reads';
import { ReviewsService, type DealRow } from './reviews.service';

/** A sale the seller recorded with its buyer, as `POST /api/phone/{id}/sold` hands it over. */
export interface RecordedSale {
  listingId: string;
  sellerId: string;
  buyerId: string;
  /** Null when neither a price was asked nor told. */
  priceUzs: number | null;
  /** The seller's address (visitorKey) when marking it sold: linked accounts share one. */
  sellerAddress: string;
}

/**
 * Deals: a sale with its buyer, which the buyer confirms ("Ha, men sotib oldim") or declines. Only a
 * buyer who wrote about the listing and got the seller's answer can be named. A confirmed deal
 * between linked accounts (a shared address, or registered within minutes of each other) is held
 * for the moderators: it and its reviews count only once one clears it.
 */
@Injectable()
export class DealsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: PublicReads,
    private readonly conversations: ConversationsService,
    private readonly listings: BuyerListingsService,
    private readonly reviews: ReviewsService,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Records the deal in the sale's transaction, and the event that tells the buyer it awaits their
   * confirmation: a buyer who did not exchange messages about the listing refuses the sale.
   */
  async open(transaction: EntityManager, sale: RecordedSale): Promise<void> {
    const buyers = await this.conversations.answeredBuyers(sale.listingId, transaction);
    if (!buyers.includes(sale.buyerId)) {
      throw new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, { buyerId: 'dealBuyerNotInConversation' });
    }
    const [{ id }] = (await transaction.query(
      `INSERT INTO deal (listing_id, seller_id, buyer_id, price_uzs, seller_address) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [sale.listingId, sale.sellerId, sale.buyerId, sale.priceUzs, sale.sellerAddress],
    )) as Array<{ id: string }>;
    await this.outbox.record(transaction, 'deal.opened', { dealId: id, listingId: sale.listingId, buyerId: sale.buyerId });
  }

  /** Whether the deal still waits for its buyer's answer (the notice of one they answered meanwhile says nothing). */
  async awaitsBuyer(dealId: string): Promise<boolean> {
    const rows = (await this.dataSource.query(`SELECT 1 FROM deal WHERE id = $1 AND status = 'awaiting'`, [dealId])) as unknown[];
    return rows.length > 0;
  }

  /** The people the seller can name as the buyer of their listing; 404 to anyone but its seller. */
  async candidates(userId: string, listingId: string): Promise<DealCandidates> {
    const listing = await this.listings.find(listingId);
    if (!listing || listing.authorId !== userId) throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
    const ids = await this.conversations.answeredBuyers(listingId);
    const person = sellerNameAndPicture('buyer.id');
    const rows = (await this.dataSource.query(
      `SELECT buyer.id, ${person.columns} FROM unnest($1::uuid[]) WITH ORDINALITY AS buyer (id, place) ${person.join} ORDER BY buyer.place`,
      [ids],
    )) as Array<{ id: string; seller_name: string | null; seller_image_id: string | null; seller_image_location: string | null }>;
    return {
      buyers: rows.map((row) => ({
        id: row.id,
        name: row.seller_name,
        image: row.seller_image_id ? { _id: row.seller_image_id, location: row.seller_image_location! } : null,
      })),
    };
  }

  /** The buyer's answer; confirming checks whether the two accounts are linked. */
  async confirm(userId: string, dealId: string, bought: boolean, buyerAddress: string): Promise<Deal> {
    await this.dataSource.transaction(async (transaction) => {
      const [deal] = (await transaction.query(`SELECT * FROM deal WHERE id = $1 AND buyer_id = $2 FOR UPDATE`, [dealId, userId])) as DealRow[];
      if (!deal) throw new AppException(HttpStatus.NOT_FOUND, 'dealNotFound');
      if (deal.status !== 'awaiting') throw new AppException(HttpStatus.CONFLICT, 'dealAlreadyAnswered');
      if (!bought) {
        await transaction.query(`UPDATE deal SET status = 'declined', buyer_address = $2 WHERE id = $1`, [dealId, buyerAddress]);
        return;
      }
      const flags = await this.linkedBy(transaction, deal, buyerAddress);
      await transaction.query(
        `UPDATE deal SET status = 'confirmed', buyer_address = $2, flags = $3, counts = $4, confirmed_at = now() WHERE id = $1`,
        [dealId, buyerAddress, flags, flags.length === 0],
      );
    });
    return this.one(userId, dealId);
  }

  /** My deals, as seller and as buyer, the latest first. */
  async page(userId: string, page: number): Promise<DealPage> {
    const perPage = REPUTATION_LIMITS.dealsPerPage;
    const [rows, [{ total }]] = (await Promise.all([
      this.dataSource.query(`SELECT * FROM deal WHERE seller_id = $1 OR buyer_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`, [
        userId,
        perPage,
        (page - 1) * perPage,
      ]),
      this.dataSource.query(`SELECT count(*)::int AS total FROM deal WHERE seller_id = $1 OR buyer_id = $1`, [userId]),
    ])) as [DealRow[], Array<{ total: number }>];
    return { deals: await this.toDeals(userId, rows), pages: Math.ceil(total / perPage) };
  }

  async one(userId: string, dealId: string): Promise<Deal> {
    const rows = (await this.dataSource.query(`SELECT * FROM deal WHERE id = $1 AND (seller_id = $2 OR buyer_id = $2)`, [dealId, userId])) as DealRow[];
    const [deal] = await this.toDeals(userId, rows);
    if (!deal) throw new AppException(HttpStatus.NOT_FOUND, 'dealNotFound');
    return deal;
  }

  /** Phones sold through the platform: deals their buyers confirmed that count. */
  async soldCount(sellerId: string): Promise<number> {
    const [{ count }] = await this.reads.query<{ count: number }>(`SELECT count(*)::int AS count FROM deal WHERE seller_id = $1 AND counts`, [sellerId], { prepared: true });
    return count;
  }

  /**
   * Why the two accounts look like one person: an address either side was seen at in any deal
   * (this one's included) is the other's too, or they were registered within minutes of each other.
   */
  private async linkedBy(transaction: EntityManager, deal: DealRow, buyerAddress: string): Promise<DealFlag[]> {
    const seller = accountCreated('$1::uuid', 'seller_account');
    const buyer = accountCreated('$2::uuid', 'buyer_account');
    const [row] = (await transaction.query(
      `WITH addresses AS (
         SELECT seller_id AS person, seller_address AS address FROM deal WHERE seller_id IN ($1, $2)
         UNION SELECT buyer_id, buyer_address FROM deal WHERE buyer_id IN ($1, $2) AND buyer_address IS NOT NULL
         UNION SELECT $2, $3::text
       )
       SELECT EXISTS (SELECT 1 FROM addresses s JOIN addresses b ON b.address = s.address AND s.person = $1 AND b.person = $2) AS shared,
              abs(extract(epoch FROM seller_account_created_at - buyer_account_created_at)) <= $4 * 60 AS together
         FROM (SELECT ${seller.columns}, ${buyer.columns} FROM (SELECT 1) one ${seller.join} ${buyer.join}) accounts`,
      [deal.seller_id, deal.buyer_id, buyerAddress, REPUTATION_LIMITS.registeredTogetherMinutes],
    )) as Array<{ shared: boolean; together: boolean }>;
    return [...(row.shared ? (['sharedAddress'] as const) : []), ...(row.together ? (['registeredTogether'] as const) : [])];
  }

  private async toDeals(userId: string, rows: readonly DealRow[]): Promise<Deal[]> {
    if (rows.length === 0) return [];
    const others = rows.map((row) => (row.seller_id === userId ? row.buyer_id : row.seller_id));
    const person = sellerNameAndPicture('other.id');
    const [names, listings, reviews] = await Promise.all([
      this.dataSource.query(`SELECT other.id, ${person.columns} FROM unnest($1::uuid[]) AS other (id) ${person.join}`, [[...new Set(others)]]) as Promise<
        Array<{ id: string; seller_name: string | null }>
      >,
      this.listings.cards(rows.map((row) => row.listing_id)),
      this.reviews.ofDeals(rows),
    ]);
    const nameOf = new Map(names.map((row) => [row.id, row.seller_name]));
    return rows.map((row) => {
      const role = row.seller_id === userId ? 'seller' : 'buyer';
      const otherId = role === 'seller' ? row.buyer_id : row.seller_id;
      const card = listings.get(row.listing_id)?.card;
      const written = reviews.get(row.id) ?? [];
      const mine = written.find(({ review }) => review.author.id === userId) ?? null;
      const theirs = written.find(({ review }) => review.author.id === otherId) ?? null;
      return {
        id: row.id,
        role,
        status: row.status,
        listing: { _id: row.listing_id, name: card?.name ?? null, image: card?.image ?? null },
        other: { id: otherId, name: nameOf.get(otherId) ?? null },
        price: row.price_uzs === null ? null : Number(row.price_uzs),
        soldAt: row.created_at.toISOString(),
        confirmedAt: row.confirmed_at?.toISOString() ?? null,
        reviewUntil: row.confirmed_at ? new Date(row.confirmed_at.getTime() + REPUTATION_LIMITS.reviewDays * 86_400_000).toISOString() : null,
        flagged: row.status === 'confirmed' && !row.counts,
        myReview: mine?.review ?? null,
        theirReview: theirs?.shown ? theirs.review : null,
        theirReviewWaiting: Boolean(theirs && !theirs.shown),
      };
    });
  }
}
