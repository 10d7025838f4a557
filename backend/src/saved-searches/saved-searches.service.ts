import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BUYER_LIMITS, type SavedSearch, type SavedSearchAlerts, type SavedSearchCreate, type SavedSearchList } from '@market/contracts';
import { CategoriesService } from '../categories/categories.service';
import { AppException } from '../common/app.exception';
import { DevicesService } from '../devices/devices.service';
import { isBrandId } from '../browse/listing-feed';
import { storedQuery } from './saved-search-query';

interface SavedSearchRow {
  id: string;
  query: Record<string, string | number | boolean>;
  alerts: SavedSearchAlerts;
  created_at: Date;
  new_listings: number;
}

/** A user's saved searches (at most BUYER_LIMITS.savedSearchesPerUser): the home page's 'Qidiruvni saqlash' and the profile's list. */
@Injectable()
export class SavedSearchesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly categories: CategoriesService,
    private readonly devices: DevicesService,
  ) {}

  async save(userId: string, { query, alerts }: SavedSearchCreate): Promise<SavedSearch> {
    const stored = storedQuery(query);
    // Keyed by what the brand and the name mean now: an approved listing finds the search through them.
    const categoryId = query.brand === undefined ? null : await this.brandId(query.brand);
    const deviceIds = query.name === undefined ? null : ((await this.devices.listingModels(query.name)).deviceIds ?? null);
    const id = await this.dataSource.transaction(async (transaction) => {
      await transaction.query(`SELECT pg_advisory_xact_lock(hashtext('saved-search:' || $1))`, [userId]);
      const [{ saved, same }] = (await transaction.query(
        `SELECT count(*)::int AS saved, bool_or(query = $2::jsonb) AS same FROM saved_search WHERE user_id = $1`,
        [userId, JSON.stringify(stored)],
      )) as Array<{ saved: number; same: boolean | null }>;
      if (same) throw new AppException(HttpStatus.CONFLICT, 'savedSearchExists');
      if (saved >= BUYER_LIMITS.savedSearchesPerUser) {
        throw new AppException(HttpStatus.CONFLICT, 'savedSearchesFull', { limit: BUYER_LIMITS.savedSearchesPerUser });
      }
      const [row] = (await transaction.query(
        `INSERT INTO saved_search (user_id, query, category_id, region, device_ids, alerts)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [userId, JSON.stringify(stored), categoryId, query.region ?? null, deviceIds, alerts],
      )) as Array<{ id: string }>;
      return row.id;
    });
    return (await this.rows(userId, id))[0];
  }

  /** The user's searches, newest first, each with the listings that matched it since it was last opened. */
  async list(userId: string): Promise<SavedSearchList> {
    return { searches: await this.rows(userId) };
  }

  /** The user opened the search's feed: its new listings are no longer new. */
  async open(userId: string, id: string): Promise<SavedSearch> {
    await this.owned(userId, id, `UPDATE saved_search SET opened_at = now()`);
    return (await this.rows(userId, id))[0];
  }

  async setAlerts(userId: string, id: string, alerts: SavedSearchAlerts): Promise<SavedSearch> {
    await this.owned(userId, id, `UPDATE saved_search SET alerts = $3`, [alerts]);
    return (await this.rows(userId, id))[0];
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.owned(userId, id, `DELETE FROM saved_search`);
  }

  /** Runs `change` on the user's own search; another user's search is as unknown as a missing one. */
  private async owned(userId: string, id: string, change: string, params: unknown[] = []): Promise<void> {
    const [, affected] = (await this.dataSource.query(`${change} WHERE id = $1 AND user_id = $2`, [id, userId, ...params])) as [unknown, number];
    if (affected === 0) throw new AppException(HttpStatus.NOT_FOUND, 'savedSearchNotFound');
  }

  private async rows(userId: string, id?: string): Promise<SavedSearch[]> {
    const rows = (await this.dataSource.query(
      `SELECT s.id, s.query, s.alerts, s.created_at,
              (SELECT count(*)::int FROM saved_search_match m WHERE m.saved_search_id = s.id AND m.matched_at > s.opened_at) AS new_listings
         FROM saved_search s
        WHERE s.user_id = $1 AND ($2::uuid IS NULL OR s.id = $2)
        ORDER BY s.created_at DESC, s.id`,
      [userId, id ?? null],
    )) as SavedSearchRow[];
    return rows.map((row) => ({
      _id: row.id,
      query: row.query,
      alerts: row.alerts,
      newListings: row.new_listings,
      createdAt: row.created_at.toISOString(),
    }));
  }

  /** The brand a query names, by id or by name (any case), as the feed reads it; null for no such brand. */
  private async brandId(brand: string): Promise<string | null> {
    const categories = await this.categories.list();
    const found = isBrandId(brand)
      ? categories.find((category) => category._id === brand)
      : categories.find((category) => category.name.toLowerCase() === brand.toLowerCase());
    return found?._id ?? null;
  }
}
