import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  LISTING_STATUSES,
  LIMITS,
  statusAfter,
  tariffOf,
  type ListingStatus,
  type ModerationOutcome,
  type ModerationQuery,
  type ModerationQueue,
  type RejectListing,
} from '@market/contracts';
import type { SessionUser } from '../../auth/auth.decorators';
import { AppException } from '../../common/app.exception';
import { OutboxService } from '../../events/outbox.service';
import { ImagesService } from '../../uploads/images.service';
import { UsersService } from '../../users/users.service';
import { ListingEntity, type StoredChannelPost } from '../listing.entity';
import { nextStatus } from '../listing-lifecycle';
import { FIRST_PHOTO_COLUMNS, FIRST_PHOTO_JOIN, toCard, type CardRow } from '../listing.serializer';

/**
 * Admins' decisions on listings. Each change and its event commit together: the seller's
 * notification and the channel posts follow from the outbox, never from a rolled-back change.
 */
@Injectable()
export class ModerationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly images: ImagesService,
    private readonly users: UsersService,
  ) {}

  /** `GET /api/phone/waiting`: one status tab, oldest first so nothing waits forever, and every tab's count. */
  async queue({ status, page }: ModerationQuery): Promise<ModerationQueue> {
    const [rows, countRows] = await Promise.all([
      this.dataSource.query(
        `SELECT l.id, l.name, l.price, l.valut, l.region, l.created_at, l.tarif, l.status, l.posts,
                l.rejection_reason, l.author_id, l.author_name,
                ${FIRST_PHOTO_COLUMNS}
           FROM listing l
           ${FIRST_PHOTO_JOIN}
          WHERE l.status = $1 AND l.deleted_at IS NULL
          ORDER BY l.created_at, l.id
          LIMIT $2 OFFSET $3`,
        [status, LIMITS.listingsPerPage, (page - 1) * LIMITS.listingsPerPage],
      ) as Promise<Array<CardRow & { posts: ListingEntity['posts']; rejection_reason: string | null; author_id: string; author_name: string | null }>>,
      this.dataSource.query(
        `SELECT status, count(*)::int AS listings FROM listing WHERE deleted_at IS NULL GROUP BY status`,
      ) as Promise<Array<{ status: ListingStatus; listings: number }>>,
    ]);
    const counts = Object.fromEntries(LISTING_STATUSES.map((tab) => [tab, 0])) as Record<ListingStatus, number>;
    for (const row of countRows) counts[row.status] = row.listings;
    // The contact name the seller gave in the wizard, else the account's name.
    const accountNames = await this.users.namesOf([...new Set(rows.filter((row) => row.author_name === null).map((row) => row.author_id))]);
    const locationOf = (key: string) => this.images.locationOf(key);
    return {
      phones: rows.map((row) => ({
        ...toCard(row, locationOf),
        authorName: row.author_name ?? accountNames.get(row.author_id) ?? null,
        rejectionReason: row.rejection_reason,
        posts: row.posts,
      })),
      pages: Math.ceil(counts[status] / LIMITS.listingsPerPage),
      counts,
    };
  }

  /**
   * `POST /api/phone/confirm`: a listing awaiting a decision becomes active; an active
   * promoted listing is (re)queued on every channel it is not posted to yet.
   */
  confirm(listingId: string, admin: SessionUser): Promise<ModerationOutcome> {
    return this.dataSource.transaction(async (transaction) => {
      const listing = await this.lockListing(transaction, listingId);
      // The same click approves a listing awaiting a decision and posts an active one.
      const action = statusAfter('approve', listing.status) ? 'approve' : 'post';
      listing.status = nextStatus(action, listing.status, 'listingIncomplete');
      if (action === 'approve') {
        listing.approvedBy = admin.id;
        listing.approvedAt = new Date();
        listing.rejectionReason = null;
        await this.outbox.record(transaction, 'listing.approved', { listingId, approvedBy: admin.id });
      }
      const channels = tariffOf(listing.tarif).channels.filter((channel) => !listing.posts[channel]?.posted);
      if (channels.length) {
        for (const channel of channels) listing.posts = { ...listing.posts, [channel]: queued(listing.posts[channel]) };
        // An admin's explicit post clears a record of an attempt whose outcome was unknown.
        await transaction.query(
          `DELETE FROM channel_publication_step WHERE listing_id = $1 AND channel = ANY($2) AND step LIKE '%-attempt'`,
          [listingId, channels],
        );
        await this.outbox.record(transaction, 'listing.publish-requested', { listingId, channels });
      }
      await transaction.save(listing);
      return { status: listing.status, posts: listing.posts };
    });
  }

  /** `POST /api/phone/reject`: the listing is cancelled with a reason the author sees on its card. */
  reject({ id, reason, text }: RejectListing): Promise<ModerationOutcome> {
    return this.dataSource.transaction(async (transaction) => {
      const listing = await this.lockListing(transaction, id);
      listing.status = nextStatus('reject', listing.status, 'listingIncomplete');
      // A fixed reason is stored as its code (translated where shown); 'other' as the admin's words.
      const stored = reason === 'other' ? text! : reason;
      listing.rejectionReason = stored;
      await transaction.save(listing);
      await this.outbox.record(transaction, 'listing.rejected', { listingId: id, reason: stored });
      return { status: listing.status, posts: listing.posts };
    });
  }

  private async lockListing(transaction: EntityManager, id: string): Promise<ListingEntity> {
    const listing = await transaction
      .getRepository(ListingEntity)
      .createQueryBuilder('listing')
      .setLock('pessimistic_write')
      .where('listing.id = :id AND listing.deleted_at IS NULL', { id })
      .getOne();
    if (!listing) throw new AppException(HttpStatus.NOT_FOUND, 'notFound');
    return listing;
  }
}

function queued(previous: StoredChannelPost | undefined): StoredChannelPost {
  return { posted: false, link: previous?.link ?? null, state: 'queued', reason: null };
}
