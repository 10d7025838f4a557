import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LISTING_STATUSES, type MyListings } from '@market/contracts';
import { ImagesService } from '../uploads/images.service';
import type { StoredChannelPost } from './listing.entity';
import { CARD_COLUMNS, FIRST_PHOTO_COLUMNS, FIRST_PHOTO_JOIN, toCard, toSellerPosts, type CardRow } from './listing.serializer';

/** The seller's own listings on the profile page. */
@Injectable()
export class MyListingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesService,
  ) {}

  /** `GET /api/phone/my`: every listing of the caller, newest first, and how many each status has. */
  async mine(userId: string): Promise<MyListings> {
    type MyRow = CardRow & { rejection_reason: string | null; step: number; review_due: boolean; posts: Record<string, StoredChannelPost> };
    const rows: MyRow[] = await this.dataSource.query(
      `SELECT ${CARD_COLUMNS}, l.rejection_reason, l.step, l.review_due, l.posts,
              ${FIRST_PHOTO_COLUMNS}
         FROM listing l
         ${FIRST_PHOTO_JOIN}
        WHERE l.author_id = $1 AND l.deleted_at IS NULL
        ORDER BY l.created_at DESC, l.id DESC`,
      [userId],
    );
    const locationOf = (key: string) => this.images.locationOf(key);
    const counts = Object.fromEntries(LISTING_STATUSES.map((status) => [status, 0])) as MyListings['counts'];
    for (const row of rows) counts[row.status] += 1;
    return {
      phones: rows.map((row) => ({
        ...toCard(row, locationOf),
        rejectionReason: row.rejection_reason,
        step: row.step,
        reviewDue: row.review_due,
        channels: toSellerPosts(row.posts),
      })),
      counts,
    };
  }
}
