import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  BAIT_PRICE_SHARE,
  FLOOD_LISTINGS_PER_DAY,
  LISTING_CHECKS,
  YOUNG_ACCOUNT_DAYS,
  scamWordingSpans,
  cardNumberSpans,
  contactSpans,
  riskScore,
  type BannedWords,
  type ListingCheck,
} from '@market/contracts';
import { ImagesService } from '../../uploads/images.service';
import { accountCreated } from '../../users/user-reads';
import { THUMBNAIL_VARIANT } from '../../listings/listing-photo-shapes';
import { PriceGuideService } from '../../browse/price-guide/price-guide.service';
import { DevicesService } from '../../devices/devices.service';
import { reportSources } from '../reports/report-sources';

/** The most catalogue models a typed name may match and still name one: a model and its variants ('Redmi Note 13': 13, 5G, Pro, Pro 5G, Pro+). */
const TYPED_MODEL_VARIANTS = 8;
/** Listings checked per run: a burst of submissions is caught up over a few runs. */
const CHECKS_PER_RUN = 100;
/** Photos hashed per run besides those of the listings checked: fresh uploads first, then the backfill of older photos. */
const HASHES_PER_RUN = 200;

/** The pool, or the caller's transaction. */
type Queries = Pick<EntityManager, 'query'>;

const CHECKED_COLUMNS = `l.id, l.author_id, l.device_id, l.custom_model, l.storage, l.condition, l.price_uzs, l.name, l.author_name, l.description, l.imei_hash`;

interface WaitingListing {
  id: string;
  author_id: string;
  device_id: string | null;
  custom_model: string | null;
  storage: string | null;
  condition: boolean;
  price_uzs: string | null;
  name: string | null;
  author_name: string | null;
  description: string | null;
  imei_hash: string[];
}

/**
 * A waiting listing (l) not checked since it changed or was reported, its last check (c) joined
 * as `listing l LEFT JOIN listing_check c ON c.listing_id = l.id`.
 */
export const DUE_FOR_A_CHECK = `l.status = 'waiting' AND l.deleted_at IS NULL
  AND (c.checked_at IS NULL OR c.checked_at < l.updated_at
       OR EXISTS (SELECT 1 FROM listing_report r WHERE r.listing_id = l.id AND r.created_at > c.checked_at))`;

/**
 * The checks of listings waiting for moderation (issues 22 and 35), run by the workers off the
 * request path: card numbers, contacts and scam wording in the seller's words, a bait price, a
 * shared IMEI or photo, a flood, weighed reports, a seller never approved before (LISTING_CHECKS).
 * A listing is checked again whenever it changed or was reported since it was last checked, so
 * running twice changes nothing; the moderation queue sorts by the stored score. An edit that
 * keeps a listing on sale is checked as it is saved (checkAmended).
 */
@Injectable()
export class ListingChecksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly prices: PriceGuideService,
    private readonly images: ImagesService,
    private readonly devices: DevicesService,
  ) {}

  /** Checks the waiting listings not checked since they changed; answers how many were checked. */
  async checkWaiting(): Promise<number> {
    const due: WaitingListing[] = await this.dataSource.query(
      `SELECT ${CHECKED_COLUMNS}
         FROM listing l LEFT JOIN listing_check c ON c.listing_id = l.id
        WHERE ${DUE_FOR_A_CHECK}
        ORDER BY l.updated_at
        LIMIT $1`,
      [CHECKS_PER_RUN],
    );
    await this.hashPhotos(due.map((listing) => listing.id));
    const { words } = await this.bannedWords();
    for (const listing of due) await this.store(this.dataSource, listing.id, await this.check(this.dataSource, listing, words));
    return due.length;
  }

  /**
   * Checks a listing an edit keeps on sale (an 'amend') as it is in the seller's transaction, and
   * stores the findings with it: the caller sends it back to review when they score
   * REVIEW_THRESHOLD, and the queue shows why at once. Every query runs on the transaction's connection: one
   * more from the pool, asked for while the listing's row is held, can wait for connections that edits of the
   * same listing hold while they wait for that row.
   */
  async checkAmended(transaction: EntityManager, listingId: string): Promise<ListingCheck[]> {
    const [listing]: WaitingListing[] = await transaction.query(`SELECT ${CHECKED_COLUMNS} FROM listing l WHERE l.id = $1`, [listingId]);
    const checks = await this.check(transaction, listing, (await this.bannedWords(transaction)).words);
    await this.store(transaction, listingId, checks);
    return checks;
  }

  /** Strongest first, as LISTING_CHECKS lists them: the card reads them in that order. */
  private async store(db: Queries, listingId: string, found: ListingCheck[]): Promise<ListingCheck[]> {
    const checks = found.sort((a, b) => LISTING_CHECKS.indexOf(a.kind) - LISTING_CHECKS.indexOf(b.kind));
    await db.query(
      `INSERT INTO listing_check (listing_id, score, checks, checked_at) VALUES ($1, $2, $3::jsonb, now())
       ON CONFLICT (listing_id) DO UPDATE SET score = EXCLUDED.score, checks = EXCLUDED.checks, checked_at = EXCLUDED.checked_at`,
      [listingId, riskScore(checks), JSON.stringify(checks)],
    );
    return checks;
  }

  /** The stored findings of each listing, for the moderation cards. */
  async findingsOf(listingIds: string[]): Promise<Map<string, ListingCheck[]>> {
    const rows: { listing_id: string; checks: ListingCheck[] }[] = listingIds.length
      ? await this.dataSource.query(`SELECT listing_id, checks FROM listing_check WHERE listing_id = ANY($1)`, [listingIds])
      : [];
    return new Map(rows.map((row) => [row.listing_id, row.checks]));
  }

  private async check(db: Queries, listing: WaitingListing, bannedWords: string[]): Promise<ListingCheck[]> {
    const checks: ListingCheck[] = [];
    // Independent reporters, each as much as their record weighs: a campaign of new accounts adds up to nothing.
    const reported = Math.round((await reportSources(db, listing.id)).reduce((sum, weight) => sum + weight, 0));
    if (reported) checks.push({ kind: 'reports', detail: String(reported) });
    const device = listing.device_id ?? (listing.custom_model && listing.name ? await this.typedModel(listing.name) : undefined);
    if (device && listing.price_uzs !== null) {
      const guide = await this.prices.guide({ device, storage: listing.storage ?? undefined, condition: listing.condition ? 'new' : 'used' });
      if (guide.median !== null && Number(listing.price_uzs) < guide.median * BAIT_PRICE_SHARE) {
        checks.push({ kind: 'baitPrice', detail: String(guide.median) });
      }
    }
    // The seller's own words: the name (a typed model's too), the contact name and the description.
    const text = [listing.name, listing.author_name, listing.description].filter(Boolean).join('\n');
    const cards = cardNumberSpans(text);
    if (cards.length) checks.push({ kind: 'cardNumber', detail: spelled(text, cards) });
    const contacts = contactSpans(text);
    if (contacts.length) checks.push({ kind: 'contacts', detail: spelled(text, contacts) });
    const wording = scamWordingSpans(text, bannedWords);
    if (wording.length) checks.push({ kind: 'bannedWords', detail: spelled(text, wording) });
    const [approvedBefore]: unknown[] = await db.query(
      `SELECT 1 FROM listing WHERE author_id = $1 AND id <> $2 AND approved_at IS NOT NULL LIMIT 1`,
      [listing.author_id, listing.id],
    );
    if (!approvedBefore) checks.push({ kind: 'newSeller', detail: null });
    const account = accountCreated('l.author_id', 'seller');
    const [{ listed }]: { listed: number }[] = await db.query(
      `SELECT count(*)::int AS listed FROM listing l ${account.join}
        WHERE l.author_id = $1 AND l.status <> 'draft' AND l.created_at > now() - interval '1 day'
          AND seller.created_at > now() - make_interval(days => $2)`,
      [listing.author_id, YOUNG_ACCOUNT_DAYS],
    );
    if (listed > FLOOD_LISTINGS_PER_DAY) checks.push({ kind: 'flood', detail: String(listed) });
    const original = await this.listingWithReusedPhoto(db, listing);
    if (original) checks.push({ kind: 'reusedPhoto', detail: original });
    if (listing.custom_model) checks.push({ kind: 'customModel', detail: listing.name });
    const duplicate = await this.sameImeiElsewhere(db, listing);
    if (duplicate) checks.push({ kind: 'duplicateImei', detail: duplicate });
    return checks;
  }

  /**
   * The catalogue model a typed one ('Boshqa model') names, read by the catalogue's matcher however it is spelled
   * ('Apple айфон 15 про макс'): its closest. A name held by more models than one model's variants ('Apple iPhone':
   * forty of them) names none, and is priced against none.
   */
  private async typedModel(name: string): Promise<string | undefined> {
    const { matched } = await this.devices.listingModels(name);
    return matched.length <= TYPED_MODEL_VARIANTS ? matched[0]?.id : undefined;
  }

  /**
   * The oldest other listing (not a draft, not deleted) with one of this listing's IMEIs (compared
   * by keyed hash): another seller's, a sold one, or the same seller's for another model. The same
   * seller listing the same phone again is no finding.
   */
  private async sameImeiElsewhere(db: Queries, listing: WaitingListing): Promise<string | null> {
    if (!listing.imei_hash.length) return null;
    const [other]: { id: string }[] = await db.query(
      `SELECT id FROM listing
        WHERE imei_hash && $1::text[] AND deleted_at IS NULL AND status <> 'draft' AND id <> $2
          AND (author_id <> $3 OR sold_at IS NOT NULL
               OR device_id IS DISTINCT FROM $4::uuid OR lower(custom_model) IS DISTINCT FROM lower($5))
        ORDER BY created_at, id LIMIT 1`,
      [listing.imei_hash, listing.id, listing.author_id, listing.device_id, listing.custom_model],
    );
    return other?.id ?? null;
  }

  /**
   * Hashes the photos of the listings about to be checked, however many other uploads wait, then
   * up to HASHES_PER_RUN others: what the next listings will be compared with.
   */
  private async hashPhotos(listingIds: string[]): Promise<void> {
    const photos: { image_id: string }[] = await this.dataSource.query(`SELECT image_id FROM listing_image WHERE listing_id = ANY($1)`, [listingIds]);
    // The images module hashes those of them still without a hash.
    if (photos.length) await this.images.hashListingPhotos(photos.length, THUMBNAIL_VARIANT, photos.map((row) => row.image_id));
    await this.images.hashListingPhotos(HASHES_PER_RUN, THUMBNAIL_VARIANT);
  }

  /**
   * Another seller's non-deleted listing showing a photo uploaded before and near one of this
   * listing's (ImagesService.similarListingPhotos: the closest, then one approved before, then the
   * oldest): the copy is flagged, not the original. Photos without a hash yet, and nearly flat
   * pictures, are not compared (ImagesService.comparableHashes).
   */
  private async listingWithReusedPhoto(db: Queries, listing: WaitingListing): Promise<string | null> {
    const photos: { image_id: string }[] = await db.query(
      `SELECT image_id FROM listing_image WHERE listing_id = $1 ORDER BY position`,
      [listing.id],
    );
    for (const photo of await this.images.comparableHashes(db, photos.map((row) => row.image_id))) {
      const similar = await this.images.similarListingPhotos(db, photo);
      if (similar.length === 0) continue;
      const [match]: { id: string }[] = await db.query(
        `SELECT l.id
           FROM unnest($1::uuid[], $2::int[]) AS candidate (image_id, distance)
           JOIN listing_image li ON li.image_id = candidate.image_id
           JOIN listing l ON l.id = li.listing_id AND l.deleted_at IS NULL AND l.author_id <> $3
          ORDER BY candidate.distance, l.approved_at IS NULL, l.created_at, l.id
          LIMIT 1`,
        [similar.map((candidate) => candidate.imageId), similar.map((candidate) => candidate.distance), listing.author_id],
      );
      if (match) return match.id;
    }
    return null;
  }

  async bannedWords(db: Queries = this.dataSource): Promise<BannedWords> {
    const rows: { word: string }[] = await db.query(`SELECT word FROM banned_word ORDER BY word`);
    return { words: rows.map((row) => row.word) };
  }

  /** Replaces the list; the waiting listings are checked against it again. */
  async setBannedWords({ words }: BannedWords): Promise<BannedWords> {
    await this.dataSource.transaction(async (transaction) => {
      await transaction.query(`DELETE FROM banned_word`);
      if (words.length) await transaction.query(`INSERT INTO banned_word (word) SELECT unnest($1::text[])`, [words]);
      await transaction.query(`DELETE FROM listing_check c USING listing l WHERE l.id = c.listing_id AND l.status = 'waiting'`);
    });
    return { words };
  }
}

/** What the spans cover, as the finding's detail: '8600 1234 5678 9012, t.me/seller'. */
function spelled(text: string, spans: readonly { start: number; end: number }[]): string {
  return [...new Set(spans.map((span) => text.slice(span.start, span.end)))].join(', ');
}
