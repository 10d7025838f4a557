import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { SavedSearchQuery } from '@market/contracts';
import { BuyerListingsService, type BuyerListing } from '../browse/buyer-listings/buyer-listings.service';

/** Candidate searches checked against a listing in one query. */
const CHECKED_AT_ONCE = 500;

/** The daily digest of one user: the listings still on sale that matched their daily searches since the last one. */
export interface SavedSearchDigest {
  userId: string;
  listings: BuyerListing[];
}

/** One alert to send: a listing that matched one of the user's saved searches. */
export interface SavedSearchAlert {
  userId: string;
  savedSearchId: string;
  query: SavedSearchQuery;
  listing: BuyerListing;
}

/**
 * Matches approved listings against saved searches and hands out each alert once, for the
 * workers. The searches a listing may match are found through its brand, region or model
 * (saved_search's indexes), never by reading every saved search; the feed's own conditions
 * then decide (BuyerListingsService.matchingSearches).
 */
@Injectable()
export class SavedSearchAlertsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly listings: BuyerListingsService,
  ) {}

  /** Records the listing's matches; recording them again adds none. Answers the listing, or null when it is not on sale. */
  async recordMatches(listingId: string): Promise<BuyerListing | null> {
    const listing = await this.listings.find(listingId);
    if (!listing?.onSale) return null;
    const candidates = (await this.dataSource.query(
      `SELECT id, query, device_ids FROM saved_search WHERE category_id = $1
       UNION ALL
       SELECT id, query, device_ids FROM saved_search WHERE category_id IS NULL AND region = $2
       UNION ALL
       SELECT id, query, device_ids FROM saved_search
        WHERE category_id IS NULL AND region IS NULL AND device_ids IS NOT NULL AND device_ids @> ARRAY[$3::uuid]
       UNION ALL
       SELECT id, query, device_ids FROM saved_search WHERE category_id IS NULL AND region IS NULL AND device_ids IS NULL`,
      [listing.categoryId, listing.region, listing.deviceId],
    )) as Array<{ id: string; query: SavedSearchQuery; device_ids: string[] | null }>;
    for (let start = 0; start < candidates.length; start += CHECKED_AT_ONCE) {
      const batch = candidates.slice(start, start + CHECKED_AT_ONCE);
      const matched = await this.listings.matchingSearches(
        listingId,
        batch.map((search) => ({ id: search.id, query: search.query, deviceIds: search.device_ids })),
      );
      if (matched.length === 0) continue;
      await this.dataSource.query(
        `INSERT INTO saved_search_match (saved_search_id, listing_id) SELECT unnest($1::uuid[]), $2 ON CONFLICT DO NOTHING`,
        [matched, listingId],
      );
    }
    return listing;
  }

  /** Who has a saved search the listing matched (recordMatches), once each: the inbox tells them all, linked or not. */
  async matchedUsers(listingId: string): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT s.user_id FROM saved_search_match m JOIN saved_search s ON s.id = m.saved_search_id WHERE m.listing_id = $1`,
      [listingId],
    )) as Array<{ user_id: string }>;
    return rows.map((row) => row.user_id);
  }

  /**
   * Hands each instant alert of the listing not handed out yet to `send`, once however many runs
   * of the job race: an alert is claimed by marking it sent, and given back when `send` throws (the
   * job's retry sends it). Nothing is locked while `send` waits for the chat's turn within
   * Telegram's limits, seconds at times: a claim held in a transaction kept a database connection
   * and the alert's row meanwhile.
   */
  async deliverInstant(listing: BuyerListing, send: (alert: SavedSearchAlert) => Promise<void>): Promise<number> {
    const pending = (await this.dataSource.query(
      `SELECT m.saved_search_id FROM saved_search_match m JOIN saved_search s ON s.id = m.saved_search_id
        WHERE m.listing_id = $1 AND m.alerted_at IS NULL AND s.alerts = 'instant'`,
      [listing.id],
    )) as Array<{ saved_search_id: string }>;
    let sent = 0;
    for (const { saved_search_id: savedSearchId } of pending) {
      const [[claimed]] = (await this.dataSource.query(
        `UPDATE saved_search_match m SET alerted_at = now() FROM saved_search s
          WHERE s.id = m.saved_search_id AND m.saved_search_id = $1 AND m.listing_id = $2 AND m.alerted_at IS NULL
          RETURNING s.user_id, s.query`,
        [savedSearchId, listing.id],
      )) as [Array<{ user_id: string; query: SavedSearchQuery }>, number];
      if (!claimed) continue;
      await this.givenBackOnFailure([{ saved_search_id: savedSearchId, listing_id: listing.id }], () =>
        send({ userId: claimed.user_id, savedSearchId, query: claimed.query, listing }),
      );
      sent++;
    }
    return sent;
  }

  /**
   * Turns the alerts of the user's own search off (the pause button under an alert); answers
   * false, changing nothing, for another user's search or an unknown id.
   */
  async pauseAlerts(userId: string, savedSearchId: string): Promise<boolean> {
    if (!z.uuid().safeParse(savedSearchId).success) return false;
    const [, affected] = (await this.dataSource.query(`UPDATE saved_search SET alerts = 'off' WHERE id = $1 AND user_id = $2`, [
      savedSearchId,
      userId,
    ])) as [unknown, number];
    return affected > 0;
  }

  /**
   * Hands each user's daily digest to `send`: every match of their daily searches not handed out
   * yet, each listing once. A user's matches are claimed by marking them sent, so two workers
   * running the schedule at once send one digest; a `send` that throws gives them back for the
   * next run.
   */
  async deliverDaily(send: (digest: SavedSearchDigest) => Promise<void>): Promise<number> {
    const users = (await this.dataSource.query(
      `SELECT DISTINCT s.user_id FROM saved_search_match m JOIN saved_search s ON s.id = m.saved_search_id
        WHERE m.alerted_at IS NULL AND s.alerts = 'daily'`,
    )) as Array<{ user_id: string }>;
    let sent = 0;
    for (const { user_id: userId } of users) {
      const [claimed] = (await this.dataSource.query(
        `UPDATE saved_search_match m SET alerted_at = now() FROM saved_search s
          WHERE s.id = m.saved_search_id AND s.user_id = $1 AND s.alerts = 'daily' AND m.alerted_at IS NULL
          RETURNING m.saved_search_id, m.listing_id, m.matched_at`,
        [userId],
      )) as [Array<ClaimedMatch & { matched_at: Date }>, number];
      claimed.sort((first, second) => first.matched_at.getTime() - second.matched_at.getTime());
      const listingIds = [...new Set(claimed.map((match) => match.listing_id))];
      const listings = (await Promise.all(listingIds.map((id) => this.listings.find(id)))).filter((listing): listing is BuyerListing => Boolean(listing?.onSale));
      if (listings.length === 0) continue;
      await this.givenBackOnFailure(claimed, () => send({ userId, listings }));
      sent++;
    }
    return sent;
  }

  /** Runs `send`; when it throws, the claimed matches are unsent again (for the retry) and the error goes on. */
  private async givenBackOnFailure(claimed: ClaimedMatch[], send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch (error) {
      await this.dataSource.query(
        `UPDATE saved_search_match SET alerted_at = NULL
          WHERE (saved_search_id, listing_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
        [claimed.map((match) => match.saved_search_id), claimed.map((match) => match.listing_id)],
      );
      throw error;
    }
  }
}

/** A match claimed for sending: its search and listing. */
interface ClaimedMatch {
  saved_search_id: string;
  listing_id: string;
}
