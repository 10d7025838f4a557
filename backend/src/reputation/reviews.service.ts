import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  hasCardNumber,
  maskCardNumbers,
  REPUTATION_LIMITS,
  reviewTextRefusal,
  type DealStatus,
  type ReputationQueue,
  type Review,
  type ReviewPage,
  type ReviewReport,
  type ReviewTag,
  type WriteReview,
} from '@market/contracts';
import { AppException } from '../common/app.exception';
import { BuyerListingsService } from '../browse/buyer-listings/buyer-listings.service';
import { PublicReads } from '../database/public-reads';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { sellerNameAndPicture } from '../users/user-reads';
import { REPUTATION_RATE_LIMITS } from './reputation.limits';
import { SellerRatingsService } from './seller-ratings.service';

export interface DealRow {
  id: string;
  listing_id: string;
  seller_id: string;
  buyer_id: string;
  price_uzs: string | null;
  status: DealStatus;
  flags: string[];
  counts: boolean;
  created_at: Date;
  confirmed_at: Date | null;
}

interface ReviewRow {
  id: string;
  deal_id: string;
  listing_id: string;
  author_id: string;
  deal_seller_id: string;
  seller_name: string | null;
  stars: number;
  text: string | null;
  tags: ReviewTag[];
  created_at: Date;
  shown_at: Date;
  reply_text: string | null;
  replied_at: Date | null;
  removed_reason: string | null;
}

/** A review's columns with its author's name (`seller_name`, the users read fragment's) and its deal's listing and seller. */
const author = sellerNameAndPicture('r.author_id');
const REVIEW_SELECT = `SELECT r.*, d.listing_id, d.seller_id AS deal_seller_id, ${author.columns}
  FROM review r JOIN deal d ON d.id = r.deal_id ${author.join}`;

/**
 * Reviews both ways of a confirmed deal: one per side, within REPUTATION_LIMITS.reviewDays of the
 * confirmation, never edited. Each stays hidden from the other side and the public until both
 * wrote or hiddenDays passed (`shown_at`), so neither answers the other's. The reviewed person may
 * reply once; anyone signed in may report one; a moderator's removal shows its reason to both sides.
 */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: PublicReads,
    private readonly listings: BuyerListingsService,
    private readonly limits: RateLimitService,
    private readonly ratings: SellerRatingsService,
  ) {}

  async write(userId: string, dealId: string, body: WriteReview): Promise<void> {
    const text = this.checkedText(body.text);
    await this.limits.consume(REPUTATION_RATE_LIMITS.reviews, userId);
    const bothWrote = await this.dataSource.transaction(async (transaction) => {
      // The deal's row is locked: the two sides' reviews are written one at a time, so the second sees the first.
      const [deal] = (await transaction.query(
        `SELECT * FROM deal WHERE id = $1 AND (seller_id = $2 OR buyer_id = $2) AND status = 'confirmed'
            AND confirmed_at > now() - make_interval(days => $3) FOR UPDATE`,
        [dealId, userId, REPUTATION_LIMITS.reviewDays],
      )) as DealRow[];
      if (!deal) throw new AppException(HttpStatus.FORBIDDEN, 'reviewNotAllowed');
      const subjectId = deal.seller_id === userId ? deal.buyer_id : deal.seller_id;
      const [theirs] = (await transaction.query(`SELECT id FROM review WHERE deal_id = $1 AND author_id = $2`, [dealId, subjectId])) as Array<{ id: string }>;
      const written = (await transaction.query(
        `INSERT INTO review (deal_id, author_id, subject_id, stars, text, tags, shown_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7 THEN now() ELSE now() + make_interval(days => $8) END)
         ON CONFLICT (deal_id, author_id) DO NOTHING RETURNING id`,
        [dealId, userId, subjectId, body.stars, text, body.tags ?? [], Boolean(theirs), REPUTATION_LIMITS.hiddenDays],
      )) as Array<{ id: string }>;
      if (written.length === 0) throw new AppException(HttpStatus.CONFLICT, 'reviewAlreadyWritten');
      if (theirs) await transaction.query(`UPDATE review SET shown_at = least(shown_at, now()) WHERE id = $1`, [theirs.id]);
      return theirs ? [deal.seller_id, deal.buyer_id] : [];
    });
    await this.ratings.refresh(bothWrote);
  }

  /** The reviewed person's one reply, to a shown review about them. */
  async reply(userId: string, reviewId: string, text: string): Promise<Review> {
    const checked = this.checkedText(text)!;
    await this.limits.consume(REPUTATION_RATE_LIMITS.replies, userId);
    const replied = (await this.dataSource.query(
      `UPDATE review SET reply_text = $3, replied_at = now()
        WHERE id = $1 AND subject_id = $2 AND shown_at <= now() AND reply_text IS NULL AND removed_at IS NULL RETURNING id`,
      [reviewId, userId, checked],
    )) as [unknown[], number];
    if (replied[1] === 0) throw new AppException(HttpStatus.FORBIDDEN, 'reviewReplyNotAllowed');
    return (await this.byIds([reviewId]))[0];
  }

  /** Anyone signed in reports a shown review; a second report by the same person changes nothing. */
  async report(userId: string, reviewId: string, report: ReviewReport): Promise<void> {
    await this.limits.consume(REPUTATION_RATE_LIMITS.reports, userId);
    const [review] = (await this.dataSource.query(`SELECT id FROM review WHERE id = $1 AND shown_at <= now() AND removed_at IS NULL`, [reviewId])) as unknown[];
    if (!review) throw new AppException(HttpStatus.NOT_FOUND, 'reviewNotFound');
    await this.dataSource.query(
      `INSERT INTO review_report (review_id, reporter_id, reason, text) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [reviewId, userId, report.reason, report.text ?? null],
    );
  }

  /** The reviews of a person that count, the latest shown first. */
  async about(userId: string, page: number, perPage: number = REPUTATION_LIMITS.reviewsPerPage): Promise<ReviewPage> {
    const [rows, [{ total }]] = await Promise.all([
      this.reads.query<ReviewRow>(`${REVIEW_SELECT} WHERE r.subject_id = $1 AND r.counted ORDER BY r.shown_at DESC, r.id LIMIT $2 OFFSET $3`, [
        userId,
        perPage,
        (page - 1) * perPage,
      ]),
      this.reads.query<{ total: number }>(`SELECT count(*)::int AS total FROM review r WHERE r.subject_id = $1 AND r.counted`, [userId]),
    ]);
    return { reviews: await this.toReviews(rows), pages: Math.ceil(total / perPage) };
  }

  /** The reviews written about these deals, with whether each is shown yet, by deal. */
  async ofDeals(deals: readonly DealRow[]): Promise<Map<string, Array<{ review: Review; shown: boolean }>>> {
    const rows = (await this.dataSource.query(`${REVIEW_SELECT} WHERE r.deal_id = ANY($1::uuid[]) ORDER BY r.created_at`, [
      deals.map((deal) => deal.id),
    ])) as ReviewRow[];
    const reviews = await this.toReviews(rows);
    const byDeal = new Map<string, Array<{ review: Review; shown: boolean }>>();
    rows.forEach((row, index) => byDeal.set(row.deal_id, [...(byDeal.get(row.deal_id) ?? []), { review: reviews[index], shown: row.shown_at <= new Date() }]));
    return byDeal;
  }

  /** The moderators' list: confirmed deals held as linked accounts, and reported reviews not yet removed. */
  async queue(): Promise<ReputationQueue> {
    const [deals, reported] = (await Promise.all([
      this.dataSource.query(
        `SELECT id, seller_id, buyer_id, listing_id, flags, confirmed_at FROM deal
          WHERE status = 'confirmed' AND NOT counts ORDER BY confirmed_at LIMIT 100`,
      ),
      this.dataSource.query(
        `${REVIEW_SELECT} WHERE r.removed_at IS NULL AND EXISTS (SELECT 1 FROM review_report rr WHERE rr.review_id = r.id) ORDER BY r.created_at LIMIT 100`,
      ),
    ])) as [Array<{ id: string; seller_id: string; buyer_id: string; listing_id: string; flags: Array<'sharedAddress' | 'registeredTogether'>; confirmed_at: Date | null }>, ReviewRow[]];
    const reports = (await this.dataSource.query(`SELECT review_id, reason, text FROM review_report WHERE review_id = ANY($1::uuid[]) ORDER BY created_at`, [
      reported.map((row) => row.id),
    ])) as Array<{ review_id: string; reason: ReviewReport['reason']; text: string | null }>;
    const reviews = await this.toReviews(reported);
    return {
      deals: deals.map((deal) => ({
        id: deal.id,
        sellerId: deal.seller_id,
        buyerId: deal.buyer_id,
        listingId: deal.listing_id,
        flags: deal.flags,
        confirmedAt: deal.confirmed_at?.toISOString() ?? null,
      })),
      reviews: reviews.map((review) => ({
        ...review,
        reports: reports.filter((report) => report.review_id === review.id).map(({ reason, text }) => ({ reason, text })),
      })),
    };
  }

  /** A moderator clears a held deal: it and its reviews count from now. */
  async clearDeal(moderatorId: string, dealId: string): Promise<void> {
    const [cleared] = (await this.dataSource.query(
      `UPDATE deal SET counts = true, cleared_by = $2 WHERE id = $1 AND status = 'confirmed' AND NOT counts RETURNING seller_id, buyer_id`,
      [dealId, moderatorId],
    )) as [Array<{ seller_id: string; buyer_id: string }>, number];
    if (cleared.length === 0) throw new AppException(HttpStatus.NOT_FOUND, 'dealNotFound');
    await this.ratings.refresh([cleared[0].seller_id, cleared[0].buyer_id]);
  }

  /** A moderator removes a review that breaks the rules; both sides see the reason on their deal. */
  async remove(reviewId: string, reason: string): Promise<void> {
    const [removed] = (await this.dataSource.query(
      `UPDATE review SET removed_reason = $2, removed_at = now(), counted = false WHERE id = $1 AND removed_at IS NULL RETURNING subject_id`,
      [reviewId, reason],
    )) as [Array<{ subject_id: string }>, number];
    if (removed.length === 0) throw new AppException(HttpStatus.NOT_FOUND, 'reviewNotFound');
    await this.ratings.refresh([removed[0].subject_id]);
  }

  /** The trust checks' text rules: contacts and prepayment wording refuse the text; a card number is kept masked. */
  private checkedText(text: string | undefined): string | null {
    if (!text) return null;
    const refusal = reviewTextRefusal(text);
    if (refusal) throw new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, { text: refusal });
    return hasCardNumber(text) ? maskCardNumbers(text) : text;
  }

  private async byIds(ids: readonly string[]): Promise<Review[]> {
    return this.toReviews((await this.dataSource.query(`${REVIEW_SELECT} WHERE r.id = ANY($1::uuid[])`, [ids])) as ReviewRow[]);
  }

  private async toReviews(rows: readonly ReviewRow[]): Promise<Review[]> {
    const listings = await this.listings.cards([...new Set(rows.map((row) => row.listing_id))]);
    return rows.map((row) => ({
      id: row.id,
      authorRole: row.author_id === row.deal_seller_id ? 'seller' : 'buyer',
      author: { id: row.author_id, name: row.seller_name },
      listingName: listings.get(row.listing_id)?.card.name ?? null,
      stars: row.stars,
      text: row.text,
      tags: row.tags,
      createdAt: row.created_at.toISOString(),
      reply: row.reply_text && row.replied_at ? { text: row.reply_text, createdAt: row.replied_at.toISOString() } : null,
      removedReason: row.removed_reason,
    }));
  }
}
