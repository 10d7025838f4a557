import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { LRUCache } from 'lru-cache';
import { LIMITS, TOP_PLACES_PER_PAGE, TOP_ROTATION_MS, type ListingPage, type ListingQuery, type ListingSuggestion } from '@market/contracts';
import { CategoriesService } from '../categories/categories.service';
import { ConcurrencyLimit } from '../common/concurrency-limit';
import { readThroughCache } from '../common/read-through-cache';
import { AppConfig } from '../config/app-config';
import { INDEX_WALK_TIMEOUT_MS, PublicReads } from '../database/public-reads';
import { DevicesService, type ListingModels } from '../devices/devices.service';
import { ImagesService } from '../uploads/images.service';
import {
  ANCHOR_SPACING,
  anchorBefore,
  feedFilterOf,
  feedSql,
  ON_SALE,
  RUNNING_TOP_LISTINGS,
  topCandidates,
  type FeedAnchor,
  type FeedFilter,
  type FeedPosition,
  type FeedSql,
  type RunningTop,
} from './listing-feed';
import { FEED_TOTALS_SETTINGS, FeedTotals } from './listing-feed-totals';
import { toCard, type CardRow } from '../listings/listing.serializer';

/** Models offered under 'mavjud emas' when a name search finds nothing. */
const SUGGESTIONS_SHOWN = 5;
const FEED_TOTALS_KEPT = 5_000;
/** How long the places of a feed's anchors are used: a deep page may be off by the listings added or sold meanwhile. */
const ANCHORS_KEPT_MS = 60_000;
/** Anchors being found at once, at most: a few feeds at a time, never the whole main pool. */
const ANCHOR_READS_AT_ONCE = 3;
/** Filters whose anchors are kept: the whole feed, each brand, region and model searched, and their combinations. */
const ANCHORED_FEEDS_KEPT = 2_000;
/** How old the snapshot of feed totals may be before it is read again (in the background). */
const FEED_TOTALS_REFRESH_MS = 15_000;
/** Searches (a name or price bounds) waiting for their turn beyond that: more are answered 503. */
const SEARCHES_WAITING = 500;

/** How old the snapshot of the listings in TOP may be: a new TOP shows this soon. */
const TOP_REFRESH_MS = 10_000;
/**
 * How long a filter's matches among the listings in TOP are kept while the snapshot stays the
 * same (no TOP bought, started or stopped, none of them edited): a bound for changes the snapshot
 * cannot see, such as a listing changed in the database by hand.
 */
const TOP_MATCHES_KEPT_MS = 10 * 60_000;
/** Filters whose matches among the listings in TOP are kept. */
const TOP_FEEDS_KEPT = 5_000;

/**
 * The listings in TOP, and a digest of all the snapshot holds: the same listings, unchanged, give
 * the same `version` on every API node, so a filter's matches are kept by it (ListingFeedService.toppedFor).
 */
interface RunningTops {
  listings: RunningTop[];
  /** The same by region, each in that order: a filter of a region goes through its own (a fourteenth of them). */
  byRegion: ReadonlyMap<string, RunningTop[]>;
  version: string;
}

/** What a filter's matches among the listings in TOP are found from. */
interface TopMatching {
  sql: FeedSql;
  filter: FeedFilter;
  running: readonly RunningTop[];
}

/** The listings shown in a page's TOP places, and its organic listings' number and first place in the feed's order. */
interface FeedPlaces {
  shown: string[];
  perPage: number;
  offset: number;
}

/** A page's cards: those in its TOP places, then its organic listings. */
interface FeedCards {
  top: CardRow[];
  rows: CardRow[];
}

/** The home feed (`GET /api/phone`): its pages, their totals and the models suggested when a name finds nothing. */
@Injectable()
export class ListingFeedService {
  /**
   * The number of listings each filter finds, from one snapshot of the listings on sale read
   * every FEED_TOTALS_REFRESH_MS (FeedTotals): any filter, price bounds included, is counted in
   * memory. Until the first snapshot is read, and with public caching off, a filter is counted
   * by a query, shared by all its pages for the interval (`feedCounts`).
   */
  private readonly feedTotals?: LRUCache<'listings on sale', FeedTotals>;
  private readonly feedCounts?: LRUCache<string, number, FeedSql>;
  /** The places of every ANCHOR_SPACING-th listing of a feed, by filter. */
  private readonly feedAnchors?: LRUCache<string, FeedPosition[], FeedSql>;
  /**
   * The listings in TOP (issue 39), read every TOP_REFRESH_MS, and which of them each filter
   * matches, kept by the snapshot's version: a page finds its TOP places without a query of its
   * own, and reads their cards in its page's statement.
   */
  private readonly runningTops?: LRUCache<'listings in TOP', RunningTops>;
  private readonly topMatches?: LRUCache<string, string[], TopMatching>;
  /** Anchors are found for a few feeds at a time: a burst of deep pages over many filters never takes the main pool. */
  private readonly anchorReads = new ConcurrencyLimit(ANCHOR_READS_AT_ONCE, Number.MAX_SAFE_INTEGER);
  /**
   * Name searches and price bounds take at most half of the public reads' connections: a flood
   * of them leaves the other half to the feed's pages and listings' details.
   */
  private readonly searches: ConcurrencyLimit;

  constructor(
    private readonly reads: PublicReads,
    private readonly devices: DevicesService,
    private readonly categories: CategoriesService,
    private readonly images: ImagesService,
    config: AppConfig,
  ) {
    this.searches = new ConcurrencyLimit(Math.max(1, Math.floor(config.DATABASE_POOL_SIZE / 2)), SEARCHES_WAITING);
    if (config.PUBLIC_CACHE_TTL_MS > 0) {
      this.feedTotals = readThroughCache({ max: 1, ttlMs: FEED_TOTALS_REFRESH_MS, serveStale: true, load: () => this.readFeedTotals() });
      this.feedCounts = readThroughCache({
        max: FEED_TOTALS_KEPT,
        ttlMs: config.PUBLIC_CACHE_TTL_MS,
        load: (_key: string, sql: FeedSql) => this.countFeed(sql),
      });
      this.feedAnchors = readThroughCache({
        max: ANCHORED_FEEDS_KEPT,
        ttlMs: ANCHORS_KEPT_MS,
        serveStale: true,
        load: (_key: string, sql: FeedSql) => this.anchorReads.run(() => this.readAnchors(sql)),
      });
      this.runningTops = readThroughCache({ max: 1, ttlMs: TOP_REFRESH_MS, serveStale: true, load: () => this.readRunningTops() });
      this.topMatches = readThroughCache({
        max: TOP_FEEDS_KEPT,
        ttlMs: TOP_MATCHES_KEPT_MS,
        load: (_key: string, matching: TopMatching) => this.matchTops(matching),
      });
    }
  }

  /**
   * `GET /api/phone`: one query for the page, its listings found in an index, and the number of
   * pages from the feed's totals. A name is looked up in the device catalogue (typos, Cyrillic
   * and spellings by ear included) and the models it means are taken by device_id; a name that
   * means no model finds nothing without a query of listings. When a name finds nothing, the
   * answer's `suggestions` name the nearest models that have listings.
   */
  async list(query: ListingQuery): Promise<ListingPage> {
    const search = query.name !== undefined || query.minPrice !== undefined || query.maxPrice !== undefined;
    const found = await (search ? this.searches.run(() => this.feedPage(query)) : this.feedPage(query));
    const locationOf = (key: string) => this.images.locationOf(key);
    const phones = [...found.top.map((row) => ({ ...toCard(row, locationOf), top: true as const })), ...found.rows.map((row) => toCard(row, locationOf))];
    const page: ListingPage = { phones, pages: Math.ceil(found.total / found.perPage) };
    if (found.models?.deviceIds && found.total === 0) page.suggestions = await this.suggestions(found.models);
    return page;
  }

  /**
   * Listings on sale per brand, the categories page's counts, from the snapshot of the feed's
   * totals whoever asks: no request counts the listings (issue 32). With public caching off
   * (development, tests), where every answer is computed afresh, one count on the public pool.
   */
  async onSaleByBrand(): Promise<ReadonlyMap<string, number>> {
    const totals = this.feedTotals && (await this.feedTotals.fetch('listings on sale'));
    if (totals) return totals.byBrand();
    const rows = await this.reads.query<{ category_id: string; listings: number }>(
      `SELECT l.category_id, count(*)::int AS listings FROM listing l WHERE ${ON_SALE} GROUP BY l.category_id`,
    );
    return new Map(rows.map((row) => [row.category_id, row.listings]));
  }

  private async feedPage(query: ListingQuery): Promise<FeedCards & { perPage: number; total: number; models?: ListingModels }> {
    const models = query.name !== undefined ? await this.devices.listingModels(query.name) : undefined;
    if (models?.deviceIds?.length === 0) return { top: [], rows: [], perPage: LIMITS.listingsPerPage, total: 0, models };
    // The snapshot knows listings, not their sellers' ratings: the good sellers' feed is counted by its query.
    const totals = !query.goodSellers && this.feedTotals ? await this.feedTotals.fetch('listings on sale') : undefined;
    // The brand and its series (Xiaomi: Redmi, POCO), from the snapshot's brands: each taken from its own index.
    const brandIds = query.brand === undefined || !totals ? undefined : totals.brandIds(query.brand);
    const filter = { ...feedFilterOf(query, models), brandIds };
    if (!totals) {
      const sql = feedSql(filter);
      const places = await this.places(sql, filter, query.page);
      const [total, cards] = await Promise.all([this.feedCounts ? this.feedCounts.fetch(this.feedKey(sql), { context: sql }) : this.countFeed(sql), this.pageCards(sql, places)]);
      return { ...cards, perPage: places.perPage, total: total!, models };
    }
    const counted = countedIn(totals, filter);
    const bounded = filter.minPrice !== undefined || filter.maxPrice !== undefined;
    const sql = feedSql(filter, bounded ? { inside: counted, all: countedIn(totals, { ...filter, minPrice: undefined, maxPrice: undefined }) } : undefined);
    const places = await this.places(sql, filter, query.page);
    const { perPage } = places;
    // Beyond the snapshot's last page there is nothing to read, but for the page right after it: listings
    // put on sale since the snapshot (a seller's first listing of a rare model) show there at once, and count.
    if (places.offset >= counted + perPage) return { top: [], rows: [], perPage, total: counted, models };
    const cards = await this.pageCards(sql, places);
    return { ...cards, perPage, total: Math.max(counted, places.offset + cards.rows.length), models };
  }

  /**
   * A page's TOP places and where its organic listings start (issue 39): the listings in TOP that
   * match the filter take TOP_PLACES_PER_PAGE places at most, moving on by that many each page and
   * each TOP_ROTATION_MS, so each is shown as often; the rest of the page is the feed in its order,
   * 12 − the TOP places a page. A new TOP shows within TOP_REFRESH_MS (and the public answers' 2 s).
   * The places are planned before the page's statement reads the cards: a listing in TOP sold since
   * the snapshot leaves its place empty on the pages of those seconds, and the pages keep their places.
   */
  private async places(sql: FeedSql, filter: FeedFilter, page: number): Promise<FeedPlaces> {
    const matches = await this.toppedFor(sql, filter);
    const turn = (Math.floor(Date.now() / TOP_ROTATION_MS) + page - 1) * TOP_PLACES_PER_PAGE;
    const shown = Array.from({ length: Math.min(TOP_PLACES_PER_PAGE, matches.length) }, (_, index) => matches[(turn + index) % matches.length]);
    const perPage = LIMITS.listingsPerPage - shown.length;
    return { shown, perPage, offset: (page - 1) * perPage };
  }

  /**
   * The listings in TOP the filter matches, in the order their TOP began, kept per filter (not per
   * page or sort) while the snapshot's version stays, TOP_MATCHES_KEPT_MS at most: a page of a filter
   * seen since costs nothing (going through the snapshot's 1,700 listings for each page was a
   * fifth of the API's time on a feed page). Read afresh with caching off.
   */
  private async toppedFor(sql: FeedSql, filter: FeedFilter): Promise<string[]> {
    const running = this.runningTops ? (await this.runningTops.fetch('listings in TOP'))! : await this.readRunningTops();
    const matching = { sql, filter, running: filter.region ? (running.byRegion.get(filter.region) ?? []) : running.listings };
    if (!this.topMatches) return this.matchTops(matching);
    return (await this.topMatches.fetch(`${running.version} ${this.feedKey(sql)}`, { context: matching }))!;
  }

  private async readRunningTops(): Promise<RunningTops> {
    const listings = await this.reads.query<RunningTop>(RUNNING_TOP_LISTINGS, [], { prepared: true });
    const byRegion = new Map<string, RunningTop[]>();
    for (const top of listings) {
      const inRegion = byRegion.get(top.region);
      if (inRegion) inRegion.push(top);
      else byRegion.set(top.region, [top]);
    }
    return { listings, byRegion, version: createHash('sha1').update(JSON.stringify(listings)).digest('base64url') };
  }

  /**
   * Narrowed in memory by the snapshot (`topCandidates`), which for the filters it covers whole is
   * the answer; the feed's own conditions check the rest (memory, condition…), one probe of a listing each.
   */
  private async matchTops({ sql, filter, running }: TopMatching): Promise<string[]> {
    const candidates = topCandidates(running, filter);
    if (candidates.ids.length === 0 || candidates.exact) return candidates.ids;
    const { sql: text, params } = sql.topMatches(candidates.ids);
    return (await this.reads.query<{ id: string }>(text, params, { prepared: sql.plannedOnce })).map((row) => row.id);
  }

  /**
   * When a name search finds no listing: the models nearest to the name that have listings on
   * sale (the ones it matched first, when other filters left them out), never shown as matches.
   * One probe of the index of listings by model per candidate, stopping at SUGGESTIONS_SHOWN.
   */
  private async suggestions(models: ListingModels): Promise<ListingSuggestion[]> {
    const candidates = [...models.matched, ...models.closest];
    if (candidates.length === 0) return [];
    const rows = await this.reads.query<{ id: string }>(
      `SELECT candidate.id FROM unnest($1::uuid[]) WITH ORDINALITY AS candidate (id, place)
        WHERE EXISTS (SELECT FROM listing l WHERE l.device_id = candidate.id AND ${ON_SALE})
        ORDER BY candidate.place LIMIT $2`,
      [candidates.map((model) => model.id), SUGGESTIONS_SHOWN],
      { prepared: true },
    );
    const byId = new Map(candidates.map((model) => [model.id, model.name]));
    return rows.map((row) => ({ _id: row.id, name: byId.get(row.id)! }));
  }

  /**
   * The cards of the page's TOP places and of its organic listings, by one statement; a listing in
   * a TOP place of the same page is shown there only.
   */
  private async pageCards(sql: FeedSql, { offset, perPage, shown }: FeedPlaces): Promise<FeedCards> {
    const from = this.feedAnchors && sql.startsFromAnchor(offset) ? await this.anchorFor(sql, offset) : undefined;
    const page = sql.page(offset, from, shown);
    const found = await this.reads.query<{ card: CardRow; top?: boolean }>(page.sql, page.params, { prepared: page.prepared });
    const top = found.flatMap((row) => (row.top ? [row.card] : []));
    const rows = found
      .filter((row) => !row.top)
      .slice(0, perPage)
      .flatMap(({ card }) => (top.some((topped) => topped.id === card.id) ? [] : [card]));
    return { top, rows };
  }

  private async anchorFor(sql: FeedSql, offset: number): Promise<FeedAnchor | undefined> {
    // By the anchors' own query: a filter has other anchors in each order.
    const key = JSON.stringify([sql.anchors(ANCHOR_SPACING).sql, sql.params]);
    return anchorBefore((await this.feedAnchors!.fetch(key, { context: sql }))!, offset, ANCHOR_SPACING);
  }

  private feedKey(sql: FeedSql): string {
    return JSON.stringify([sql.count, sql.params]);
  }

  /** The anchors walk the whole filtered feed (an index-only scan): an index walk's bound. */
  private readAnchors(sql: FeedSql): Promise<FeedPosition[]> {
    const { sql: text, params } = sql.anchors(ANCHOR_SPACING);
    return this.reads.query(text, params, { timeoutMs: INDEX_WALK_TIMEOUT_MS });
  }

  /** One scan of the index of listings by model, with its settings. */
  private async readFeedTotals(): Promise<FeedTotals> {
    const families = await this.categories.families();
    return FeedTotals.read((text) => this.reads.query(text, [], { timeoutMs: INDEX_WALK_TIMEOUT_MS, settings: FEED_TOTALS_SETTINGS }), families);
  }

  private async countFeed(sql: FeedSql): Promise<number> {
    const [{ total }] = await this.reads.query<{ total: number }>(sql.count, sql.params);
    return total;
  }
}

/** The listings on sale the filter finds by the snapshot: a brand's series each from their own groups. */
function countedIn(totals: FeedTotals, filter: FeedFilter): number {
  return filter.brandIds ? filter.brandIds.reduce((sum, categoryId) => sum + totals.count({ ...filter, categoryId }), 0) : totals.count(filter);
}
