import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { SessionUser } from '../auth/auth.decorators';
import { AppConfig } from '../config/app-config';
import { RedisClient } from '../redis/redis.module';
import { ListingCounterBatch, type ListingCounts } from './listing-counter-batch';
import { COUNTED_ONCE_PER_SECONDS } from '../listings/listing.limits';

/** Who is looking: a signed-in user, or a visitor known by IP address. */
export interface Viewer {
  user?: SessionUser;
  ip: string;
}

/** Views and contact reveals are written to listing_counter this often, in one statement. */
export const COUNTER_WRITE_INTERVAL_MS = 2_000;

export function visitorKey(viewer: Viewer): string {
  return viewer.user ? `user:${viewer.user.id}` : `ip:${viewer.ip}`;
}

/** A listing's views and contact reveals: each visitor counted once a day, written in batches. */
@Injectable()
export class ListingCountersService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ListingCountersService.name);
  private readonly counters: ListingCounterBatch;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisClient,
    private readonly config: AppConfig,
  ) {
    this.counters = new ListingCounterBatch(
      (added) => this.add(added),
      COUNTER_WRITE_INTERVAL_MS,
      (error) => this.logger.warn(`Listing views and contact reveals not written yet: ${error.message}`),
    );
  }

  /** What was counted and not written yet is written before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.counters.stop();
    await this.counters.flush();
  }

  /**
   * Counts a visitor's view of an active listing, once a day per visitor (anonymous visitors
   * answered from memory are counted here too: ListingFastPath). The count is written with
   * the others every COUNTER_WRITE_INTERVAL_MS.
   */
  async countView(id: string, viewer: Viewer): Promise<void> {
    if (await this.countOnce('view', id, viewer)) this.counters.add(id, 'views');
  }

  /** Counts a visitor's reveal of a listing's contact, once a day per visitor. */
  async countContactReveal(id: string, viewer: Viewer): Promise<void> {
    if (await this.countOnce('contact', id, viewer)) this.counters.add(id, 'contactReveals');
  }

  /** Views counted and not written yet: a visitor sees their own view at once. */
  unwrittenViews(id: string): number {
    return this.counters.unwritten(id).views;
  }

  /**
   * A listing's views and contact reveals so far, those not written yet included (a promotion's before and after).
   * Inside a transaction, on its connection: a second one from the pool can wait for connections that other
   * requests hold while they wait for this transaction's locks.
   */
  async countsOf(id: string, database: EntityManager = this.dataSource.manager): Promise<ListingCounts> {
    const [row]: { views: number; contact_reveals: number }[] = await database.query(
      `SELECT views, contact_reveals FROM listing_counter WHERE listing_id = $1`,
      [id],
    );
    const unwritten = this.counters.unwritten(id);
    return { views: (row?.views ?? 0) + unwritten.views, contactReveals: (row?.contact_reveals ?? 0) + unwritten.contactReveals };
  }

  /** Writes the views and contact reveals counted since the last write (the tests' way to see them at once). */
  writeCountsNow(): Promise<void> {
    return this.counters.flush();
  }

  /**
   * Adds to listings' counts (the batches of counted visits; the demo's views), in one statement
   * for every listing: in the order of their ids, so that two API processes writing at once lock
   * the rows in the same order. A listing deleted meanwhile is left out.
   */
  async add(added: ReadonlyMap<string, ListingCounts>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const ids = [...added.keys()].sort();
    await manager.query(
      `INSERT INTO listing_counter AS counter (listing_id, views, contact_reveals)
       SELECT l.id, added.views, added.contact_reveals
         FROM unnest($1::uuid[], $2::int[], $3::int[]) AS added (listing_id, views, contact_reveals)
         JOIN listing l ON l.id = added.listing_id
        ORDER BY l.id
       ON CONFLICT (listing_id) DO UPDATE SET views = counter.views + excluded.views,
                                             contact_reveals = counter.contact_reveals + excluded.contact_reveals`,
      [ids, ids.map((id) => added.get(id)!.views), ids.map((id) => added.get(id)!.contactReveals)],
    );
  }

  /**
   * Whether this visitor's view or reveal of the listing is the first today. Without Redis it
   * is not counted: the numbers may lag, the page still opens.
   */
  private async countOnce(what: 'view' | 'contact', listingId: string, viewer: Viewer): Promise<boolean> {
    const visitor = createHash('sha256').update(visitorKey(viewer)).digest('base64url');
    const key = `${this.config.QUEUE_PREFIX}:listing-${what}:${listingId}:${visitor}`;
    try {
      return (await this.redis.set(key, '1', 'EX', COUNTED_ONCE_PER_SECONDS, 'NX')) === 'OK';
    } catch (error) {
      this.logger.warn(`Listing ${what} not counted: ${(error as Error).message}`);
      return false;
    }
  }
}
