import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { ON_SALE, type FeedFilter } from './listing-feed';

/** A filter of the feed as its totals read it: the brand by id, the models the name found. */
export type TotalsFilter = Pick<FeedFilter, 'region' | 'deviceIds' | 'minPrice' | 'maxPrice' | 'storage' | 'condition' | 'document' | 'shipping' | 'valut' | 'grade' | 'minBattery'> & {
  categoryId?: string;
};

/** What the buyers' other filters tell apart among a model's listings in a region. */
interface VariantColumns {
  storage: string | null;
  condition: boolean;
  document: boolean;
  shipping: boolean;
  valut: string;
  grade: string | null;
  battery: number | null;
}

/** The listings of a group alike in the buyers' other filters: their prices in so'm, in order. */
interface Variant extends VariantColumns {
  prices: Float64Array;
}

/** The listings on sale of one brand, model and region: their prices in so'm, in order, and by variant. */
interface Group {
  categoryId: string;
  deviceId: string;
  region: string;
  prices: Float64Array;
  variants: Variant[];
}

/** The snapshot: for each brand, model, region and variant on sale, the prices of its listings. */
export const FEED_TOTALS_SQL = `
  SELECT l.category_id, l.device_id, l.region, l.storage, l.condition, l.document, l.shipping, l.valut, l.grade, l.battery,
         string_agg(l.price_uzs::text, ',') AS prices
    FROM listing l WHERE ${ON_SALE}
   GROUP BY l.device_id, l.category_id, l.region, l.storage, l.condition, l.document, l.shipping, l.valut, l.grade, l.battery`;

/**
 * Run before FEED_TOTALS_SQL in its transaction: memory enough to group a million prices without
 * spilling to disk, and page costs that say the index is in memory, so that PostgreSQL reads the
 * index of listings by model (index-only) rather than the whole table.
 */
export const FEED_TOTALS_SETTINGS = [`SET LOCAL work_mem = '64MB'`, `SET LOCAL random_page_cost = 1.1`];

/** Prices parsed between two yields to the event loop while a snapshot is read. */
const PRICES_PER_SLICE = 10_000;

/** The first index of a sorted array whose value is not below `bound` (or above it, with `after`). */
function boundary(prices: Float64Array, bound: number, after: boolean): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (prices[middle] < bound || (after && prices[middle] === bound)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * How many listings each filter of the feed finds, from a snapshot of every listing on sale:
 * for each brand, model and region (some 6,000 groups for a million listings) the sorted prices.
 * A total is then a sum of binary searches in memory, whatever the filter: price bounds, which
 * no cache of counts per filter could share (each visitor types their own), cost no query and
 * no walk over the listings they match. The snapshot is one index-only scan, read again every
 * few seconds (FeedTotalsCache); the totals it gives are as old as it is.
 */
export class FeedTotals {
  private readonly byDevice = new Map<string, Group[]>();
  private readonly byCategory = new Map<string, Group[]>();
  private readonly byRegion = new Map<string, Group[]>();
  private readonly all: Group[];
  readonly listings: number;

  private constructor(
    groups: Group[],
    /** Brands by lower-case name, for `?brand=Samsung`. */
    private readonly brandIds: ReadonlyMap<string, string>,
  ) {
    this.all = groups;
    const add = (index: Map<string, Group[]>, key: string, group: Group) => {
      const list = index.get(key);
      if (list) list.push(group);
      else index.set(key, [group]);
    };
    for (const group of groups) {
      add(this.byDevice, group.deviceId, group);
      add(this.byCategory, group.categoryId, group);
      add(this.byRegion, group.region, group);
    }
    this.listings = groups.reduce((sum, group) => sum + group.prices.length, 0);
  }

  /** Reads a snapshot with `query` (one scan of the index of listings by model); yields to requests while parsing it. */
  static async read(query: <Row>(sql: string) => Promise<Row[]>): Promise<FeedTotals> {
    const brands = await query<{ id: string; name: string }>(`SELECT id, lower(name) AS name FROM categories`);
    const rows = await query<VariantColumns & { category_id: string; device_id: string; region: string; prices: string }>(FEED_TOTALS_SQL);
    const groups = new Map<string, Group>();
    let parsed = 0;
    for (const row of rows) {
      const prices = Float64Array.from(row.prices.split(','), Number).sort();
      const key = `${row.device_id} ${row.category_id} ${row.region}`;
      const group = groups.get(key) ?? { categoryId: row.category_id, deviceId: row.device_id, region: row.region, prices: new Float64Array(), variants: [] };
      group.variants.push({ storage: row.storage, condition: row.condition, document: row.document, shipping: row.shipping, valut: row.valut, grade: row.grade, battery: row.battery, prices });
      groups.set(key, group);
      parsed += prices.length;
      if (parsed >= PRICES_PER_SLICE) {
        parsed = 0;
        await yieldToRequests();
      }
    }
    for (const group of groups.values()) {
      group.prices = group.variants.length === 1 ? group.variants[0].prices : Float64Array.from(group.variants.flatMap((variant) => [...variant.prices])).sort();
    }
    return new FeedTotals([...groups.values()], new Map(brands.map((brand) => [brand.name, brand.id])));
  }

  /** The brand's id by its id or its name in any case; undefined for a brand that does not exist. */
  brandId(brand: string, isId: boolean): string | undefined {
    return isId ? brand.toLowerCase() : this.brandIds.get(brand.toLowerCase());
  }

  count({ categoryId, region, deviceIds, minPrice, maxPrice, ...others }: TotalsFilter): number {
    const candidates = deviceIds
      ? deviceIds.flatMap((id) => this.byDevice.get(id) ?? [])
      : categoryId !== undefined
        ? (this.byCategory.get(categoryId) ?? [])
        : region !== undefined
          ? (this.byRegion.get(region) ?? [])
          : this.all;
    const variantOf = variantFilter(others);
    if (!deviceIds && categoryId === undefined && region === undefined && minPrice === undefined && maxPrice === undefined && !variantOf) return this.listings;
    const inBounds = (prices: Float64Array) => {
      const from = minPrice === undefined ? 0 : boundary(prices, minPrice, false);
      const to = maxPrice === undefined ? prices.length : boundary(prices, maxPrice, true);
      return Math.max(0, to - from);
    };
    let total = 0;
    for (const group of candidates) {
      if ((categoryId !== undefined && group.categoryId !== categoryId) || (region !== undefined && group.region !== region)) continue;
      if (!variantOf) total += inBounds(group.prices);
      else for (const variant of group.variants) if (variantOf(variant)) total += inBounds(variant.prices);
    }
    return total;
  }
}

/** Whether a variant passes the buyers' other filters; undefined when none is asked for. */
function variantFilter({ storage, condition, document, shipping, valut, grade, minBattery }: Omit<TotalsFilter, 'categoryId' | 'region' | 'deviceIds' | 'minPrice' | 'maxPrice'>) {
  if (storage === undefined && condition === undefined && !document && !shipping && valut === undefined && grade === undefined && minBattery === undefined) {
    return undefined;
  }
  return (variant: Variant) =>
    (storage === undefined || variant.storage === storage) &&
    (condition === undefined || variant.condition === (condition === 'new')) &&
    (!document || variant.document) &&
    (!shipping || variant.shipping) &&
    (valut === undefined || variant.valut === valut) &&
    (grade === undefined || variant.grade === grade) &&
    (minBattery === undefined || (variant.battery !== null && variant.battery >= minBattery));
}
