import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CHANNEL_FAILURES_SHOWN,
  LISTING_STATUSES,
  SOCIAL_CHANNELS,
  type ApproveListing,
  type CatalogueModelAdded,
  type CatalogueModelBody,
  type ChannelQueue,
  type SocialChannel,
  LIMITS,
  riskScore,
  statusAfter,
  tariffOf,
  type ListingStatus,
  type ModerationOutcome,
  type ModerationQuery,
  type ModerationQueue,
  type RejectListing,
} from '@market/contracts';
import type { SessionUser } from '../../auth/auth.decorators';
import { CategoriesService } from '../../categories/categories.service';
import { AppException } from '../../common/app.exception';
import { DevicesService } from '../../devices/devices.service';
import { OutboxService } from '../../events/outbox.service';
import { ImagesService } from '../../uploads/images.service';
import { UsersService } from '../../users/users.service';
import { ListingEntity, type StoredChannelPost } from '../listing.entity';
import { nextStatus } from '../listing-lifecycle';
import { CARD_COLUMNS, FIRST_PHOTO_COLUMNS, FIRST_PHOTO_JOIN, toCard, type CardRow } from '../listing.serializer';
import { ListingReportsService } from '../reports/listing-reports.service';
import { ImeiSeal } from '../imei-seal';
import { ListingChecksService } from '../trust/listing-checks.service';

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
    private readonly reports: ListingReportsService,
    private readonly checks: ListingChecksService,
    private readonly devices: DevicesService,
    private readonly categories: CategoriesService,
    private readonly imeis: ImeiSeal,
  ) {}

  /**
   * `GET /api/phone/waiting`: one status tab and every tab's count. Tabs awaiting a decision are
   * oldest first, so nothing waits forever, the waiting tab its riskiest listings (the workers'
   * checks) before them; 'active' is newest first, the site's own order.
   */
  async queue({ status, page }: ModerationQuery): Promise<ModerationQueue> {
    const order = status === 'active' ? 'DESC' : 'ASC';
    const [rows, countRows] = await Promise.all([
      this.dataSource.query(
        `SELECT ${CARD_COLUMNS}, l.posts,
                l.rejection_reason, l.author_id, l.author_name, l.custom_model, l.category_id,
                l.imei_sealed, l.imei_last4, l.uzimei_registered, l.no_instalment_debt,
                CASE WHEN l.edited_at > l.approved_at THEN l.edited_at END AS edited_at,
                ${FIRST_PHOTO_COLUMNS}
           FROM listing l
           ${FIRST_PHOTO_JOIN}
           LEFT JOIN listing_check c ON c.listing_id = l.id AND l.status = 'waiting'
          WHERE l.status = $1 AND l.deleted_at IS NULL
          ORDER BY c.score DESC NULLS LAST, l.created_at ${order}, l.id ${order}
          LIMIT $2 OFFSET $3`,
        [status, LIMITS.listingsPerPage, (page - 1) * LIMITS.listingsPerPage],
      ) as Promise<Array<CardRow & { posts: ListingEntity['posts']; rejection_reason: string | null; author_id: string; author_name: string | null; edited_at: Date | null;
          custom_model: string | null; category_id: string | null; imei_sealed: string[]; imei_last4: string[]; uzimei_registered: boolean | null; no_instalment_debt: boolean }>>,
      this.dataSource.query(
        `SELECT status, count(*)::int AS listings FROM listing WHERE deleted_at IS NULL GROUP BY status`,
      ) as Promise<Array<{ status: ListingStatus; listings: number }>>,
    ]);
    const counts = Object.fromEntries(LISTING_STATUSES.map((tab) => [tab, 0])) as Record<ListingStatus, number>;
    for (const row of countRows) counts[row.status] = row.listings;
    // The contact name the seller gave in the wizard, else the account's name.
    const [accountNames, brandNames, reports, findings] = await Promise.all([
      this.users.namesOf([...new Set(rows.filter((row) => row.author_name === null).map((row) => row.author_id))]),
      this.categories.namesOf([...new Set(rows.flatMap((row) => (row.custom_model && row.category_id ? [row.category_id] : [])))]),
      this.reports.openReports(rows.map((row) => row.id)),
      this.checks.findingsOf(rows.filter((row) => row.status === 'waiting').map((row) => row.id)),
    ]);
    const locationOf = (key: string) => this.images.locationOf(key);
    return {
      phones: rows.map((row) => ({
        ...toCard(row, locationOf),
        authorName: row.author_name ?? accountNames.get(row.author_id) ?? null,
        rejectionReason: row.rejection_reason,
        posts: row.posts,
        editedAt: row.edited_at?.toISOString() ?? null,
        imei: this.imeis.open({ imeiSealed: row.imei_sealed, imeiLast4: row.imei_last4 }),
        uzimeiRegistered: row.uzimei_registered,
        noInstalmentDebt: row.no_instalment_debt,
        reports: reports.get(row.id) ?? [],
        checks: findings.get(row.id) ?? [],
        riskScore: riskScore(findings.get(row.id) ?? []),
        // The name the catalogue would give the model: the listing's, its brand first.
        customModel: row.custom_model ? { name: row.name ?? row.custom_model, brand: brandNames.get(row.category_id ?? '') ?? '' } : null,
      })),
      pages: Math.ceil(counts[status] / LIMITS.listingsPerPage),
      counts,
    };
  }

  /**
   * `GET /api/phone/channel-queue`: per channel, the posts waiting (for a worker or for the
   * platform's limit: the workers store the time a delayed post is due), the next one's time and
   * the latest failures with their reasons, which `POST /api/phone/confirm` posts again.
   */
  async channelQueue(): Promise<ChannelQueue> {
    const [lines, failures] = await Promise.all([
      this.dataSource.query(
        `SELECT post.key AS channel, count(*)::int AS waiting, min(post.value->>'eta') AS next_eta
           FROM listing l, jsonb_each(l.posts) post
          WHERE l.deleted_at IS NULL AND post.value->>'state' = 'queued' AND NOT (post.value->>'posted')::boolean
          GROUP BY post.key`,
      ) as Promise<Array<{ channel: SocialChannel; waiting: number; next_eta: string | null }>>,
      this.dataSource.query(
        `SELECT channel, id, name, reason FROM (
           SELECT post.key AS channel, l.id, l.name, post.value->>'reason' AS reason,
                  row_number() OVER (PARTITION BY post.key ORDER BY l.approved_at DESC NULLS LAST, l.id) AS n
             FROM listing l, jsonb_each(l.posts) post
            WHERE l.deleted_at IS NULL AND post.value->>'state' = 'failed' AND NOT (post.value->>'posted')::boolean
         ) latest WHERE n <= $1`,
        [CHANNEL_FAILURES_SHOWN],
      ) as Promise<Array<{ channel: SocialChannel; id: string; name: string | null; reason: string | null }>>,
    ]);
    return {
      channels: SOCIAL_CHANNELS.map((channel) => {
        const line = lines.find((row) => row.channel === channel);
        return {
          channel,
          waiting: line?.waiting ?? 0,
          nextEta: line?.next_eta ?? null,
          failures: failures
            .filter((row) => row.channel === channel)
            .map((row) => ({ listingId: row.id, name: row.name ?? '', reason: row.reason })),
        };
      }),
    };
  }

  /**
   * `POST /api/phone/confirm`: a listing awaiting a decision becomes active; an active
   * promoted listing is (re)queued on `channel` (a Post button), else on every channel of its
   * tariff it is not posted to yet.
   */
  confirm({ id: listingId, channel }: ApproveListing, admin: SessionUser): Promise<ModerationOutcome> {
    return this.dataSource.transaction(async (transaction) => {
      const listing = await this.lockListing(transaction, listingId);
      // The same click approves a listing awaiting a decision and posts an active one.
      const action = statusAfter('approve', listing.status) ? 'approve' : 'post';
      listing.status = nextStatus(action, listing.status, 'listingIncomplete');
      if (action === 'approve') {
        listing.approvedBy = admin.id;
        listing.approvedAt = new Date();
        listing.rejectionReason = null;
        listing.reviewDue = false;
        await this.reports.decide(transaction, listingId, 'dismissed');
        await this.outbox.record(transaction, 'listing.approved', { listingId, approvedBy: admin.id });
      }
      const tariffChannels = tariffOf(listing.tarif).channels;
      if (channel && !tariffChannels.includes(channel)) {
        throw new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, { channel: 'invalidValue' });
      }
      const channels = (channel ? [channel] : tariffChannels).filter((asked) => !listing.posts[asked]?.posted);
      if (channels.length) {
        for (const queuedChannel of channels) listing.posts = { ...listing.posts, [queuedChannel]: queued(listing.posts[queuedChannel]) };
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
      await this.reports.decide(transaction, id, 'upheld');
      await this.outbox.record(transaction, 'listing.rejected', { listingId: id, reason: stored });
      return { status: listing.status, posts: listing.posts };
    });
  }

  /**
   * `POST /api/phone/{id}/catalogue-model`: the model a listing was typed as ('Boshqa model') joins
   * the catalogue under the listing's brand with the admin's spelling of its name. The listing,
   * and every other one typed the same way in that brand, then has the device, like any catalogue
   * listing (search by model, price guide); its status is left to the admin's decision.
   */
  async addCatalogueModel(listingId: string, { name }: CatalogueModelBody): Promise<CatalogueModelAdded> {
    const added = await this.dataSource.transaction(async (transaction) => {
      const listing = await this.lockListing(transaction, listingId);
      if (!listing.customModel || !listing.categoryId) {
        throw new AppException(HttpStatus.CONFLICT, 'listingHasCatalogueModel');
      }
      const deviceId = await this.devices.add(transaction, { name, categoryId: listing.categoryId, sourcePath: null });
      // An UPDATE answers its rows and how many it changed.
      const [, linked]: [unknown[], number] = await transaction.query(
        `UPDATE listing SET device_id = $1, name = $2, custom_model = NULL, updated_at = now()
          WHERE custom_model IS NOT NULL AND category_id = $3 AND (id = $4 OR lower(name) = lower($5)) AND deleted_at IS NULL`,
        [deviceId, name, listing.categoryId, listingId, listing.name],
      );
      return { deviceId, linked };
    });
    this.devices.catalogueChanged();
    return { device: await this.devices.byId(added.deviceId), linked: added.linked };
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
