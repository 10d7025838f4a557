import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { REPUTATION_LIMITS } from '@market/contracts';
import { PublicReads } from '../database/public-reads';

/** Accounts whose due reviews one refresh takes. */
const DUE_BATCH = 500;

/**
 * Each account's rating, denormalised into `seller_rating` so the feed's "good sellers" filter reads
 * one row per listing's author instead of averaging reviews. A review counts once it is shown,
 * not removed, and its deal counts (confirmed, not held for the moderators). Refreshed when a
 * review becomes shown because both sides wrote, when one is removed or a deal is cleared, and by
 * the workers' scheduler for reviews whose 14 days have passed.
 */
@Injectable()
export class SellerRatingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: PublicReads,
  ) {}

  async refresh(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.dataSource.transaction(async (transaction) => {
      await transaction.query(
        `UPDATE review r SET counted = (r.shown_at <= now() AND r.removed_at IS NULL AND d.counts)
           FROM deal d WHERE d.id = r.deal_id AND r.subject_id = ANY($1::uuid[])`,
        [userIds],
      );
      await transaction.query(
        `INSERT INTO seller_rating (user_id, count, average, trusted, updated_at)
         SELECT person.id, count(r.id), coalesce(round(avg(r.stars), 2), 0), count(r.id) >= $2 AND coalesce(avg(r.stars), 0) >= $3, now()
           FROM unnest($1::uuid[]) AS person (id) LEFT JOIN review r ON r.subject_id = person.id AND r.counted
          GROUP BY person.id
         ON CONFLICT (user_id) DO UPDATE SET count = excluded.count, average = excluded.average, trusted = excluded.trusted, updated_at = now()`,
        [userIds, REPUTATION_LIMITS.ratingMinReviews, REPUTATION_LIMITS.trustedRating],
      );
    });
  }

  /** Counts the reviews shown since the last refresh (their 14 days passed); answers how many accounts were refreshed. */
  async refreshDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = (await this.dataSource.query(
        `SELECT DISTINCT r.subject_id FROM review r JOIN deal d ON d.id = r.deal_id AND d.counts
          WHERE NOT r.counted AND r.removed_at IS NULL AND r.shown_at <= now() LIMIT $1`,
        [DUE_BATCH],
      )) as Array<{ subject_id: string }>;
      await this.refresh(rows.map((row) => row.subject_id));
      total += rows.length;
      if (rows.length < DUE_BATCH) return total;
    }
  }

  /** The rating as the seller page shows it: none until ratingMinReviews reviews count. */
  async of(userId: string): Promise<{ average: number; count: number } | null> {
    const [row] = await this.reads.query<{ count: number; average: number }>(`SELECT count, average::float8 AS average FROM seller_rating WHERE user_id = $1`, [userId], {
      prepared: true,
    });
    return row && row.count >= REPUTATION_LIMITS.ratingMinReviews ? { average: row.average, count: row.count } : null;
  }
}
