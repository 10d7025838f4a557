import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  CHANNEL_FAILURES_SHOWN,
  CHECK_WEIGHTS,
  LISTING_CHECKS,
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
  type ListingCheck,
  type ListingStatus,
  type ModerationOutcome,
  type ModerationQuery,
  type ModerationCard,
  type ModerationQueue,
  type RejectListing,
  scamWordingSpans,
  cardNumberSpans,
  contactSpans,
  mergedSpans,
  type TextSpan,
} from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { CategoriesService } from '../categories/categories.service';
import { AppException } from '../common/app.exception';
import { DevicesService } from '../devices/devices.service';
import { repeatedlyFlaggedAuthor, repeatedlyFlaggedSince } from '../conversations/conversation-reads';
import { OutboxService } from '../events/outbox.service';
import { ImagesService } from '../uploads/images.service';
import { accountCreated } from '../users/user-reads';
import { UsersService } from '../users/users.service';
import { ListingEntity, type StoredChannelPost } from '../listings/listing.entity';
import { nextStatus } from '../listings/listing-lifecycle';
import { CARD_COLUMNS, FIRST_PHOTO_COLUMNS, FIRST_PHOTO_JOIN, toCard, type CardRow } from '../listings/listing.serializer';
import { ListingReportsService } from './reports/listing-reports.service';
import { ChannelPostingService } from '../listings/channel-posting/channel-posting.service';
import { ImeiSeal } from '../listings/imei-seal';
import { ListingsService } from '../listings/listings.service';
import { ListingChecksService } from './trust/listing-checks.service';

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
    private readonly listings: ListingsService,
    private readonly channelPosting: ChannelPostingService,
  ) {}

  /**
   * `GET /api/phone/waiting`: one status tab and every tab's count. Tabs awaiting a decision are
   * oldest first, so nothing waits forever, the waiting tab its riskiest listings before them: the
   * workers' checks, and a seller whose messages repeatedly tripped the text checks (read now, as
   * the card shows it); not yet checked last. Such a seller with nothing waiting is brought in by their newest listing
   * on sale, which stays on sale (LOOK_DUE). 'active' is newest first, the site's own order.
   */
  async queue({ status, page }: ModerationQuery): Promise<ModerationQueue> {
    const order = status === 'active' ? 'DESC' : 'ASC';
    const [rows, countRows] = await Promise.all([
      this.dataSource.query(
        `SELECT ${MODERATION_COLUMNS}
           FROM listing l
           ${FIRST_PHOTO_JOIN}
           ${FLAGGED_AUTHOR.join}
           LEFT JOIN listing_check c ON c.listing_id = l.id AND l.status = 'waiting'
          WHERE l.deleted_at IS NULL AND (l.status = $1 OR ($1 = 'waiting' AND l.id IN (${LOOK_DUE})))
          ORDER BY coalesce(c.score, 0) + CASE WHEN $1 = 'waiting' AND flagged.flagged_messages IS NOT NULL THEN $4 ELSE 0 END DESC,
                   c.score IS NULL, l.created_at ${order}, l.id ${order}
          LIMIT $2 OFFSET $3`,
        [status, LIMITS.listingsPerPage, (page - 1) * LIMITS.listingsPerPage, CHECK_WEIGHTS.flaggedMessages],
      ) as Promise<ModerationRow[]>,
      this.dataSource.query(
        `SELECT status, count(*)::int AS listings FROM listing WHERE deleted_at IS NULL GROUP BY status
         UNION ALL SELECT 'waiting', count(due.id)::int FROM (${LOOK_DUE}) due`,
      ) as Promise<Array<{ status: ListingStatus; listings: number }>>,
    ]);
    const counts = Object.fromEntries(LISTING_STATUSES.map((tab) => [tab, 0])) as Record<ListingStatus, number>;
    for (const row of countRows) counts[row.status] += row.listings;
    return { phones: await this.cardsOf(rows, status === 'waiting'), pages: Math.ceil(counts[status] / LIMITS.listingsPerPage), counts };
  }

  /** `GET /api/phone/{id}/moderation`: the card of any listing but a draft, for an admin who opened its page. */
  async card(id: string): Promise<ModerationCard> {
    const rows: ModerationRow[] = await this.dataSource.query(
      `SELECT ${MODERATION_COLUMNS} FROM listing l ${FIRST_PHOTO_JOIN} ${FLAGGED_AUTHOR.join} WHERE l.id = $1 AND l.deleted_at IS NULL AND l.status <> 'draft'`,
      [id],
    );
    if (!rows.length) throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
    return (await this.cardsOf(rows))[0];
  }

  /** `waitingTab`: the listings on sale among them are there for their seller's flagged messages, and show them. */
  private async cardsOf(rows: ModerationRow[], waitingTab = false): Promise<ModerationCard[]> {
    const authors = [...new Set(rows.map((row) => row.author_id))];
    // The contact name the seller gave in the wizard, else the account's name.
    const [accountNames, brandNames, reports, findings, { words }, sellers] = await Promise.all([
      this.users.namesOf([...new Set(rows.filter((row) => row.author_name === null).map((row) => row.author_id))]),
      this.categories.namesOf([...new Set(rows.flatMap((row) => (row.custom_model && row.category_id ? [row.category_id] : [])))]),
      this.reports.openReports(rows.map((row) => row.id)),
      this.checks.findingsOf(rows.filter((row) => row.status === 'waiting').map((row) => row.id)),
      this.checks.bannedWords(),
      this.sellerRecords(authors),
    ]);
    const locationOf = (key: string) => this.images.locationOf(key);
    return rows.map((row) => {
      const checks = row.status === 'waiting' || waitingTab ? withFlaggedMessages(findings.get(row.id) ?? [], row.flagged_messages) : [];
      return {
        ...toCard(row, locationOf),
        authorName: row.author_name ?? accountNames.get(row.author_id) ?? null,
        rejectionReason: row.rejection_reason,
        posts: row.posts,
        editedAt: row.edited_at?.toISOString() ?? null,
        imei: this.imeis.open({ imeiSealed: row.imei_sealed, imeiLast4: row.imei_last4 }),
        uzimeiRegistered: row.uzimei_registered,
        noInstalmentDebt: row.no_instalment_debt,
        reports: reports.get(row.id) ?? [],
        checks,
        riskScore: riskScore(checks),
        // The name the catalogue would give the model: the listing's, its brand first.
        customModel: row.custom_model ? { name: row.name ?? row.custom_model, brand: brandNames.get(row.category_id ?? '') ?? '' } : null,
        description: row.description,
        flagged: row.description ? flaggedSpans(row.description, words) : [],
        sellerRecord: sellers.get(row.author_id)!,
      };
    });
  }

  /** Each seller's record for the cards: since when, listings posted, approved, rejected, reports received. */
  private async sellerRecords(authorIds: string[]): Promise<Map<string, ModerationCard['sellerRecord']>> {
    const account = accountCreated('author.id', 'account');
    const rows: { id: string; account_created_at: Date; listings: number; approved: number; rejected: number; reports: number }[] = await this.dataSource.query(
      `SELECT author.id, ${account.columns},
              (SELECT count(*)::int FROM listing WHERE author_id = author.id AND status <> 'draft' AND deleted_at IS NULL) AS listings,
              (SELECT count(*)::int FROM listing WHERE author_id = author.id AND approved_at IS NOT NULL) AS approved,
              (SELECT count(*)::int FROM listing WHERE author_id = author.id AND status = 'cancelled') AS rejected,
              (SELECT count(*)::int FROM listing_report r JOIN listing l ON l.id = r.listing_id WHERE l.author_id = author.id) AS reports
         FROM (SELECT unnest($1::uuid[]) AS id) author ${account.join}`,
      [authorIds],
    );
    return new Map(rows.map(({ id, account_created_at, ...record }) => [id, { since: account_created_at.toISOString(), ...record }]));
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
      const listing = await this.listings.lock(transaction, listingId);
      // The same click approves a listing awaiting a decision and posts an active one.
      const action = statusAfter('approve', listing.status) ? 'approve' : 'post';
      listing.status = nextStatus(action, listing.status, 'listingIncomplete');
      if (action === 'approve') {
        listing.approvedBy = admin.id;
        listing.approvedAt = new Date();
        listing.rejectionReason = null;
        listing.reviewDue = false;
        await this.reports.approved(transaction, listingId);
        await this.outbox.record(transaction, 'listing.approved', { listingId, approvedBy: admin.id });
      }
      const tariffChannels = tariffOf(listing.tarif).channels;
      if (channel && !tariffChannels.includes(channel)) {
        throw new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, { channel: 'invalidValue' });
      }
      const channels = (channel ? [channel] : tariffChannels).filter((asked) => !listing.posts[asked]?.posted);
      if (channels.length) {
        for (const queuedChannel of channels) listing.posts = { ...listing.posts, [queuedChannel]: queued(listing.posts[queuedChannel]) };
        await this.channelPosting.forgetUnknownAttempts(transaction, listingId, channels);
        await this.outbox.record(transaction, 'listing.publish-requested', { listingId, channels });
      }
      await transaction.save(listing);
      return { status: listing.status, posts: listing.posts };
    });
  }

  /**
   * `POST /api/phone/{id}/messages-looked` ('Ko'rib chiqildi'): a moderator looked at the seller of a listing brought in
   * for their flagged messages and keeps it on sale; only as many new flagged messages bring the seller in again.
   */
  async messagesLooked(listingId: string): Promise<void> {
    const recorded = (await this.dataSource.query(
      `INSERT INTO seller_message_look (seller_id, looked_at)
       SELECT author_id, now() FROM listing WHERE id = $1 AND deleted_at IS NULL
       ON CONFLICT (seller_id) DO UPDATE SET looked_at = excluded.looked_at
       RETURNING seller_id`,
      [listingId],
    )) as unknown[];
    if (!recorded.length) throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
  }

  /** `POST /api/phone/reject`: the listing is cancelled with a reason the author sees on its card. */
  reject({ id, reason, text }: RejectListing): Promise<ModerationOutcome> {
    return this.dataSource.transaction(async (transaction) => {
      const listing = await this.listings.lock(transaction, id);
      listing.status = nextStatus('reject', listing.status, 'listingIncomplete');
      // A fixed reason is stored as its code (translated where shown); 'other' as the admin's words.
      const stored = reason === 'other' ? text! : reason;
      listing.rejectionReason = stored;
      await transaction.save(listing);
      await this.reports.rejected(transaction, id);
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
      const listing = await this.listings.lock(transaction, listingId);
      if (!listing.customModel || !listing.categoryId) {
        throw new AppException(HttpStatus.CONFLICT, 'listingHasCatalogueModel');
      }
      const deviceId = await this.devices.add(transaction, { name, categoryId: listing.categoryId, sourcePath: null });
      return { deviceId, linked: await this.listings.linkTypedModel(transaction, listing, { id: deviceId, name }) };
    });
    this.devices.catalogueChanged();
    return { device: await this.devices.byId(added.deviceId), linked: added.linked };
  }
}

/** A seller whose messages repeatedly tripped the text checks, joined by the listing's author. */
const FLAGGED_AUTHOR = repeatedlyFlaggedAuthor('l.author_id');

/**
 * The newest listing on sale of each seller with nothing waiting whose flagged messages since a moderator's last look
 * (seller_message_look) reach the repeat count: in the waiting tab for a look, still on sale. Null for a seller with
 * none on sale.
 */
const LOOK_DUE = `SELECT (SELECT newest.id FROM listing newest
                           WHERE newest.author_id = due.author_id AND newest.status = 'active' AND newest.deleted_at IS NULL
                           ORDER BY newest.created_at DESC, newest.id DESC LIMIT 1) AS id
                    FROM (${repeatedlyFlaggedSince('(SELECT looked_at FROM seller_message_look WHERE seller_id = m.author_id)')}) due
                   WHERE NOT EXISTS (SELECT 1 FROM listing w WHERE w.author_id = due.author_id AND w.status = 'waiting' AND w.deleted_at IS NULL)`;

/** A moderation card's columns, its first photo (FIRST_PHOTO_JOIN) and its seller's flagged messages (FLAGGED_AUTHOR) joined. */
const MODERATION_COLUMNS = `${CARD_COLUMNS}, ${FLAGGED_AUTHOR.columns}, l.posts, l.rejection_reason, l.author_id, l.author_name, l.custom_model, l.category_id,
  l.imei_sealed, l.imei_last4, l.uzimei_registered, l.no_instalment_debt, l.description,
  CASE WHEN l.edited_at > l.approved_at THEN l.edited_at END AS edited_at, ${FIRST_PHOTO_COLUMNS}`;

type ModerationRow = CardRow & {
  posts: ListingEntity['posts'];
  rejection_reason: string | null;
  author_id: string;
  author_name: string | null;
  edited_at: Date | null;
  custom_model: string | null;
  category_id: string | null;
  imei_sealed: string[];
  imei_last4: string[];
  uzimei_registered: boolean | null;
  no_instalment_debt: boolean;
  description: string | null;
  flagged_messages: number | null;
};

/** The workers' stored findings and the seller's repeatedly flagged messages, strongest first (LISTING_CHECKS). */
function withFlaggedMessages(stored: ListingCheck[], flaggedMessages: number | null): ListingCheck[] {
  if (flaggedMessages === null) return stored;
  const checks: ListingCheck[] = [...stored, { kind: 'flaggedMessages', detail: String(flaggedMessages) }];
  return checks.sort((a, b) => LISTING_CHECKS.indexOf(a.kind) - LISTING_CHECKS.indexOf(b.kind));
}

/** Where a description has a card number, contacts or scam wording (the shipped list and the admins'), merged and in order. */
function flaggedSpans(description: string, bannedWords: readonly string[]): TextSpan[] {
  return mergedSpans([...cardNumberSpans(description), ...contactSpans(description), ...scamWordingSpans(description, bannedWords)]);
}

function queued(previous: StoredChannelPost | undefined): StoredChannelPost {
  return { posted: false, link: previous?.link ?? null, state: 'queued', reason: null };
}
