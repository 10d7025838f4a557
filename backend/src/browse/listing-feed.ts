import { LIMITS, type ConditionGrade, type Currency, type ListingQuery, type ListingSort } from '@market/contracts';
import { brandFamilyIds } from '../categories/category-reads';
import { trustedSeller } from '../reputation/reputation-reads';
import { CARD_COLUMNS, FIRST_PHOTO_COLUMNS, FIRST_PHOTO_JOIN } from '../listings/listing.serializer';
import { RUNNING_TOP } from '../promotions/promotion-reads';

/**
 * The SQL of `GET /api/phone`. Every condition keeps the partial indexes' predicate
 * (`status = 'active' AND deleted_at IS NULL`, see the listings migration) so each filter
 * combination is answered from an index: the feed order indexes for brand and region, the
 * price order indexes for bounds and the price sorts, the indexes of listings by model for a
 * name (the catalogue found the models, DevicesService.listingModels). The other filters'
 * columns are carried in these indexes (migration 1763801000000), so they skip listings in
 * the index without reading the table.
 */
export const ON_SALE = `l.status = 'active' AND l.deleted_at IS NULL`;
export const FEED_ORDER = 'l.tarif DESC, l.created_at DESC, l.id DESC';

/** The columns a sort orders by, all in one direction (so a row comparison starts a page from an anchor), with their SQL types. */
interface FeedOrder {
  columns: ReadonlyArray<[column: string, type: string]>;
  direction: 'ASC' | 'DESC';
}

/** Newest: promoted listings first. The price sorts compare price_uzs, every price in so'm at the stored USD rate. */
const FEED_ORDERS: Record<ListingSort, FeedOrder> = {
  newest: { columns: [['tarif', 'smallint'], ['created_at', 'timestamptz'], ['id', 'uuid']], direction: 'DESC' },
  price_asc: { columns: [['price_uzs', 'bigint'], ['id', 'uuid']], direction: 'ASC' },
  price_desc: { columns: [['price_uzs', 'bigint'], ['id', 'uuid']], direction: 'DESC' },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the feed is filtered by: the query's filters, with the models a name search found instead of the name. */
export interface FeedFilter {
  /** A brand's id or name: it stands for the brand and its series (Xiaomi: Redmi, POCO). */
  brand?: string;
  /** The ids `brand` stands for, when the caller has them (the feed, from its totals): each is then taken from its index. */
  brandIds?: readonly string[];
  region?: string;
  minPrice?: number;
  maxPrice?: number;
  /** The catalogue's models the typed name means; absent when no name was typed. */
  deviceIds?: readonly string[];
  storage?: string;
  condition?: 'new' | 'used';
  document?: true;
  shipping?: true;
  valut?: Currency;
  grade?: ConditionGrade;
  /** The least battery health in %. */
  minBattery?: number;
  /** Only sellers rated REPUTATION_LIMITS.trustedRating or more (issue 38). */
  goodSellers?: true;
  /** newest when absent. */
  sort?: ListingSort;
}

/**
 * The feed's filter for a query and the models its name means: the one reading of a query's
 * filters, for the feed and for saved searches' matches.
 */
export function feedFilterOf(
  query: Omit<ListingQuery, 'page'>,
  models: { deviceIds?: readonly string[]; storage?: string } | undefined,
): FeedFilter {
  return {
    brand: query.brand,
    region: query.region,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    deviceIds: models?.deviceIds,
    // Memory typed with the name ('iphone 13 128') narrows like the storage filter, which wins when both are given.
    storage: query.storage ?? models?.storage,
    condition: query.condition,
    document: query.document,
    shipping: query.shipping,
    valut: query.valut,
    grade: query.grade,
    minBattery: query.minBattery,
    goodSellers: query.goodSellers,
    sort: query.sort,
  };
}

export function isBrandId(brand: string): boolean {
  return UUID.test(brand);
}

/**
 * A deep page of the feed starts from the nearest of the listings found every ANCHOR_SPACING
 * places (10 pages): page 50,000 walks at most 132 index entries, not 600,000; a page of a
 * name search at most 132 of each model's.
 */
export const ANCHOR_SPACING = 120;

/**
 * A page whose walk from the filter's first listing passes fewer index entries than this (the
 * first 100 pages; of a name's four models, the first 25) takes that walk: 0.2 ms. A filter's
 * anchors cost one walk over all its listings (30 ms for a region's 48,000), repaid only by deep
 * pages; found from page 11 on, they were most of PostgreSQL's time for the long tail of filters
 * (bench/RESULTS.md).
 */
export const ANCHORS_FROM = 10 * ANCHOR_SPACING;

/**
 * Price bounds in newest order are not in the index's order: a page walks the feed's index and skips the
 * listings outside them, or takes the listings inside them from a price index and sorts them. Planned per
 * request to choose, such a page spent more of PostgreSQL's time planning than running (0.3–0.4 of 0.6 ms,
 * bench/RESULTS.md).
 * From the feed's totals the feed knows the share the bounds let through (`PriceBoundsShare`), so the page
 * whose walk reads at most this many index entries, or no more than the price index would, is walked by one
 * plan prepared once; walking 1,000 entries costs about what planning does. Narrow bounds' deep pages are
 * still planned per request.
 */
export const BOUNDS_WALK_ENTRIES = 1_000;

/** From the feed's totals: how many of a filter's listings its price bounds let through, of how many without them. */
export interface PriceBoundsShare {
  inside: number;
  all: number;
}

/** A listing's place in the feed's order: its order columns as text (a Date would lose the microseconds). */
export type FeedPosition = Record<string, string>;

/** A listing every `spacing` places of a feed, and its offset: a deep page starts from the one before it. */
export interface FeedAnchor {
  position: FeedPosition;
  offset: number;
}

/**
 * The anchor a page at `offset` starts from: the last one at or before it (anchor n, the
 * (n + 1) × spacing-th listing, is at offset (n + 1) × spacing − 1); none for the first pages.
 */
export function anchorBefore(anchors: readonly FeedPosition[], offset: number, spacing: number): FeedAnchor | undefined {
  const index = Math.min(Math.floor((offset + 1) / spacing), anchors.length) - 1;
  return index < 0 ? undefined : { position: anchors[index], offset: (index + 1) * spacing - 1 };
}

export interface FeedSql {
  /**
   * The page of 12 listings at `offset` with their first photo (each a CardRow, in the column
   * `card`). The ids come first, from the index alone (an index-only scan: tarif, created_at and
   * id are its columns); only the 12 listings found are read from the table. From an anchor, the
   * scan starts at the anchor's place instead of walking every listing before it. With `shown`
   * (listings in TOP: issue 39) the same statement also reads their cards, in that order and
   * before the page's 12 − their number, each marked `top`, and checks that they are still on sale: a page with TOP
   * places is one round trip, as a page without (a second statement cost the long tail 30–55 % of
   * its feed pages a second, bench/RESULTS.md).
   */
  page(offset: number, from?: FeedAnchor, shown?: readonly string[]): { sql: string; params: unknown[]; prepared: boolean };
  count: string;
  params: unknown[];
  /**
   * Whether an index in the feed's order holds every condition (in newest order: no price bounds), so that the places
   * of every `spacing`-th listing can be found in one index-only scan (`anchors`).
   */
  anchored: boolean;
  anchors(spacing: number): { sql: string; params: unknown[] };
  /** Whether the page at `offset` should start from an anchor (ANCHORS_FROM). */
  startsFromAnchor(offset: number): boolean;
  /**
   * Whether one plan suits every value of the count's and the TOP matches' statements (PublicReads'
   * prepared statements): not with price bounds alone in newest order, whose best plan depends on how
   * many listings they let through (BOUNDS_WALK_ENTRIES). A page says whether its own statement is prepared.
   */
  plannedOnce: boolean;
  /**
   * Which of `candidates` (listings in TOP, in the order their TOP began: issue 39) the filter
   * matches, in that order: one probe of the listing's key each.
   */
  topMatches(candidates: readonly string[]): { sql: string; params: unknown[] };
}

/**
 * A listing in TOP as ListingFeedService's snapshot holds it: what narrows a filter's candidates
 * in memory, and what tells that anything the feed's other conditions read may have changed.
 */
export interface RunningTop {
  id: string;
  category_id: string;
  device_id: string | null;
  region: string;
  /** bigint, as node-postgres reads it. */
  price_uzs: string;
  /** Its seller is rated REPUTATION_LIMITS.trustedRating or more (`goodSellers`). */
  trusted_seller: boolean;
  /** Moves with every edit of the listing (its memory, condition, battery…). */
  updated_at: string;
}

/** The listings in TOP now with what the feed's filters read of them, in the order their TOP began (ListingFeedService's snapshot). */
export const RUNNING_TOP_LISTINGS = `
  SELECT l.id, l.category_id, l.device_id, l.region, l.price_uzs, ${trustedSeller('l.author_id')} AS trusted_seller, l.updated_at::text AS updated_at
    FROM (${RUNNING_TOP}) running JOIN listing l ON l.id = running.listing_id
   WHERE ${ON_SALE}
   ORDER BY running.starts_at, l.id`;

/** The filter's conditions `topCandidates` checks on the snapshot; `brand` only by its ids. */
const CHECKED_ON_SNAPSHOT: ReadonlySet<string> = new Set(['brandIds', 'region', 'minPrice', 'maxPrice', 'deviceIds', 'goodSellers', 'sort']);

/**
 * The listings in TOP (`running`, in the order their TOP began) the filter may match, by what the
 * snapshot holds: region, model, brand (by its ids), price bounds and the seller's rating. When
 * the filter has no other condition they are its matches (`exact`), with no query; otherwise the
 * feed's own conditions check them (`FeedSql.topMatches`). A condition added to FeedFilter is
 * checked by that query until it is checked here.
 */
export function topCandidates(running: readonly RunningTop[], filter: FeedFilter): { ids: string[]; exact: boolean } {
  const ids = running
    .filter(
      (top) =>
        (!filter.region || top.region === filter.region) &&
        (!filter.deviceIds || filter.deviceIds.includes(top.device_id!)) &&
        (!filter.brandIds || filter.brandIds.includes(top.category_id)) &&
        (filter.minPrice === undefined || Number(top.price_uzs) >= filter.minPrice) &&
        (filter.maxPrice === undefined || Number(top.price_uzs) <= filter.maxPrice) &&
        (!filter.goodSellers || top.trusted_seller),
    )
    .map((top) => top.id);
  const exact = Object.entries(filter).every(
    ([condition, value]) => value === undefined || CHECKED_ON_SNAPSHOT.has(condition) || (condition === 'brand' && filter.brandIds !== undefined),
  );
  return { ids, exact };
}

export function feedSql(filter: FeedFilter, boundsShare?: PriceBoundsShare): FeedSql {
  const order = FEED_ORDERS[filter.sort ?? 'newest'];
  const orderBy = order.columns.map(([column]) => `l.${column} ${order.direction}`).join(', ');
  const orderColumns = order.columns.map(([column]) => `l.${column}`).join(', ');
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [ON_SALE];
  const { deviceIds, brandIds } = filter;
  // A brand with series is walked like the models of a name: each one's part of the index, merged.
  const brandSplit = !deviceIds && brandIds && brandIds.length > 1;
  if (filter.brand && !brandSplit) {
    conditions.push(
      brandIds?.length === 1
        ? `l.category_id = ${bind(brandIds[0])}::uuid`
        : brandIds
          ? `l.category_id = ANY(${bind(brandIds)}::uuid[])`
          : `l.category_id IN (${brandFamilyIds(bind(filter.brand))})`,
    );
  }
  if (filter.region) conditions.push(`l.region = ${bind(filter.region)}`);
  const bounds = [
    ...(filter.minPrice === undefined ? [] : [`>= ${bind(filter.minPrice)}::bigint`]),
    ...(filter.maxPrice === undefined ? [] : [`<= ${bind(filter.maxPrice)}::bigint`]),
  ];
  if (filter.storage) conditions.push(`l.storage = ${bind(filter.storage)}`);
  if (filter.condition) conditions.push(`l.condition = ${bind(filter.condition === 'new')}::boolean`);
  if (filter.document) conditions.push('l.document');
  if (filter.shipping) conditions.push('l.shipping');
  if (filter.valut) conditions.push(`l.valut = ${bind(filter.valut)}`);
  if (filter.grade) conditions.push(`l.grade = ${bind(filter.grade)}`);
  if (filter.minBattery !== undefined) conditions.push(`l.battery >= ${bind(filter.minBattery)}::smallint`);
  // A primary-key lookup of the author in seller_rating (denormalised when reviews are shown): the feed's indexes still order the walk.
  if (filter.goodSellers) conditions.push(trustedSeller('l.author_id'));
  // No index takes `l.price_uzs + 0`: a walked page's one plan walks the feed's order (BOUNDS_WALK_ENTRIES).
  const whereOf = (price: string) => [...conditions, ...bounds.map((bound) => `${price} ${bound}`)].join(' AND ');
  const where = whereOf('l.price_uzs');
  const split = deviceIds ? { column: 'device_id', ids: deviceIds } : brandSplit && brandIds ? { column: 'category_id', ids: brandIds } : undefined;
  const bySplit = split ? ` AND l.${split.column} = ANY(${bind(split.ids)}::uuid[])` : '';
  const filterParams = [...params];
  const newest = order === FEED_ORDERS.newest;
  // In newest order price bounds are not in the index's order; in a price order they are its range.
  const anchored = !newest || !bounds.length;
  const plannedOnce = !!split || anchored;
  /** Whether the page at `offset`, its first `organic` listings, walks the feed's index by one plan prepared once. */
  const walked = (offset: number, organic: number) =>
    !plannedOnce &&
    !!boundsShare?.inside &&
    ((offset + organic) * boundsShare.all) / boundsShare.inside <= Math.max(boundsShare.inside, BOUNDS_WALK_ENTRIES);

  // Each card as one JSON value (CardRow): as fifteen columns, node-postgres built every card
  // field by field (a sixth of the API's CPU per feed page, issue 17).
  const cardJson = `(SELECT to_json(card) FROM (SELECT ${CARD_COLUMNS}, ${FIRST_PHOTO_COLUMNS}) card)`;
  const pageOrder = order.columns.map(([column]) => `page.${column} ${order.direction}`).join(', ');
  // With TOP places the page's ids and the shown ones are joined to their cards once: two joins
  // to cards took PostgreSQL 0.2 ms more to plan the statements planned per request (price bounds).
  // MATERIALIZED: the page's ids are planned on their own, as without TOP places. Inlined into the union, a
  // brand's feed with public caching off (its family read by subquery) was given a plan that ran past the
  // public reads' 2 s in the test suites now and then.
  const rows = (ids: string, shown?: string) =>
    shown
      ? `
    WITH page AS MATERIALIZED (${ids})
    SELECT ${cardJson} AS card, chosen.top
      FROM (SELECT page.id, false AS top, row_number() OVER (ORDER BY ${pageOrder}) AS place FROM page
            UNION ALL
            SELECT shown.id, true, shown.place FROM unnest(${shown}::uuid[]) WITH ORDINALITY AS shown (id, place)) chosen
      JOIN listing l ON l.id = chosen.id
      ${FIRST_PHOTO_JOIN}
     WHERE ${ON_SALE}
     ORDER BY chosen.top DESC, chosen.place`
      : `
    WITH page AS (${ids})
    SELECT ${cardJson} AS card
      FROM page JOIN listing l ON l.id = page.id
      ${FIRST_PHOTO_JOIN}
     ORDER BY ${orderBy}`;

  return {
    topMatches(candidates) {
      return {
        sql: `
          SELECT l.id FROM unnest($${filterParams.length + 1}::uuid[]) WITH ORDINALITY AS top (id, place)
            JOIN listing l ON l.id = top.id
           WHERE ${where}${bySplit}
           ORDER BY top.place`,
        params: [...filterParams, candidates],
      };
    },
    count: `SELECT count(*)::int AS total FROM listing l WHERE ${where}${bySplit}`,
    params: filterParams,
    anchored,
    plannedOnce,
    startsFromAnchor(offset) {
      return anchored && offset >= ANCHOR_SPACING && offset * (split?.ids.length ?? 1) >= ANCHORS_FROM;
    },
    page(offset, from, shown) {
      const pageParams = split ? params.slice(0, -1) : [...params];
      const next = (value: unknown) => {
        pageParams.push(value);
        return `$${pageParams.length}`;
      };
      const start = from
        ? ` AND (${orderColumns}) ${order.direction === 'DESC' ? '<=' : '>='} (${order.columns
            .map(([column, type]) => `${next(from.position[column])}::${type}`)
            .join(', ')})`
        : '';
      const skipped = from ? offset - from.offset : offset;
      const topCards = () => (shown?.length ? next(shown) : undefined);
      // The TOP places' cards take their part of the page: the page reads and builds no card it does not show.
      const organic = LIMITS.listingsPerPage - (shown?.length ?? 0);
      if (split) {
        // Each model's (or series') first `skipped + 12` listings in the feed's order (its part of the
        // index, from the anchor), merged: a page costs what it shows and what comes before it, never
        // the models' other listings.
        const keys = next(split.ids);
        const perKey = next(skipped + organic);
        return {
          sql: rows(`
            SELECT ${orderColumns}
              FROM unnest(${keys}::uuid[]) AS part (id)
              CROSS JOIN LATERAL (
                SELECT ${orderColumns} FROM listing l
                 WHERE l.${split.column} = part.id AND ${where}${start}
                 ORDER BY ${orderBy} LIMIT ${perKey}) l
             ORDER BY ${orderBy} LIMIT ${organic} OFFSET ${next(skipped)}`, topCards()),
          params: pageParams,
          prepared: true,
        };
      }
      const walk = walked(offset, organic);
      return {
        sql: rows(`
          SELECT ${orderColumns} FROM listing l
           WHERE ${walk ? whereOf('(l.price_uzs + 0)') : where}${start}
           ORDER BY ${orderBy} LIMIT ${organic} OFFSET ${next(skipped)}`, topCards()),
        params: pageParams,
        prepared: plannedOnce || walk,
      };
    },
    anchors(spacing) {
      return {
        sql: `
          SELECT ${order.columns.map(([column]) => `${column}::text AS ${column}`).join(', ')}
            FROM (SELECT ${orderColumns}, row_number() OVER (ORDER BY ${orderBy}) AS place
                    FROM listing l WHERE ${where}${bySplit}) listing_in_order
           WHERE place % $${params.length + 1} = 0
           ORDER BY place`,
        params: [...params, spacing],
      };
    },
  };
}
