import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { CONDITION_GRADES, type ConditionGrade } from '@market/contracts';
import type { BrandFamilies } from '../categories/brand-families';
import { ON_SALE, type FeedFilter } from './listing-feed';

/** A filter of the feed as its totals read it: the brand by id, the models the name found. */
export type TotalsFilter = Pick<FeedFilter, 'region' | 'deviceIds' | 'minPrice' | 'maxPrice' | 'storage' | 'condition' | 'document' | 'shipping' | 'valut' | 'grade' | 'minBattery'> & {
  categoryId?: string;
};

/** The listings on sale of one brand, model and region: their prices in so'm, and by variant. */
interface Group {
  categoryId: string;
  deviceId: string;
  region: string;
  /** Every price, in order. */
  prices: Float64Array;
  /** Each variant (what the buyers' other filters tell apart) as one number: see VariantCodes. */
  variantCodes: Uint32Array;
  /** Variant i's prices, in order, are variantPrices[variantStarts[i]..variantStarts[i + 1]). */
  variantStarts: Uint32Array;
  variantPrices: Float64Array;
}

/**
 * The snapshot: for each brand, model and region on sale, its variants (storage, new or used,
 * box, delivery, currency, grade, battery) and their prices. One row a group, its variants in one
 * text ('variant<US>prices<RS>...'): a million listings make some 300,000 variants, which as
 * rows and objects took 240 MB to read and 120 MB to keep; as text and typed arrays they take a
 * few megabytes.
 */
export const FEED_TOTALS_SQL = `
  SELECT category_id, device_id, region, string_agg(variant || chr(31) || prices, chr(30)) AS variants
    FROM (SELECT l.category_id, l.device_id, l.region,
                 concat_ws(chr(31), coalesce(l.storage, ''), l.condition::int, l.document::int, l.shipping::int, l.valut,
                           coalesce(l.grade, ''), coalesce(l.battery::text, '')) AS variant,
                 string_agg(l.price_uzs::text, ',') AS prices
            FROM listing l WHERE ${ON_SALE}
           GROUP BY l.device_id, l.category_id, l.region, l.storage, l.condition, l.document, l.shipping, l.valut, l.grade, l.battery) variant
   GROUP BY device_id, category_id, region`;

/**
 * Run before FEED_TOTALS_SQL in its transaction: memory enough to group a million prices without
 * spilling to disk, and page costs that say the index is in memory, so that PostgreSQL reads the
 * index of listings by model rather than the whole table.
 */
export const FEED_TOTALS_SETTINGS = [`SET LOCAL work_mem = '64MB'`, `SET LOCAL random_page_cost = 1.1`];

/** Prices parsed between two yields to the event loop while a snapshot is read. */
const PRICES_PER_SLICE = 10_000;

/**
 * A variant packed in one number: battery health in bits 0-6 (NO_BATTERY when not given), the
 * grade in bits 7-8 (0: none, then CONDITION_GRADES' order), new, box, delivery and dollars one
 * bit each, the storage (its place in the snapshot's list of storages, 0: none) from bit 13.
 */
const NO_BATTERY = 0x7f;
const GRADE_SHIFT = 7;
const NEW = 1 << 9;
const DOCUMENT = 1 << 10;
const SHIPPING = 1 << 11;
const DOLLARS = 1 << 12;
const STORAGE_SHIFT = 13;

class VariantCodes {
  /** Storages by their number in codes (1, 2, ...). */
  private readonly storages = new Map<string, number>();

  code([storage, condition, document, shipping, valut, grade, battery]: string[]): number {
    let storageNumber = 0;
    if (storage) {
      storageNumber = this.storages.get(storage) ?? this.storages.size + 1;
      this.storages.set(storage, storageNumber);
    }
    return (
      (battery ? Number(battery) : NO_BATTERY) |
      ((CONDITION_GRADES.indexOf(grade as ConditionGrade) + 1) << GRADE_SHIFT) |
      (condition === '1' ? NEW : 0) |
      (document === '1' ? DOCUMENT : 0) |
      (shipping === '1' ? SHIPPING : 0) |
      (valut === 'usd' ? DOLLARS : 0) |
      (storageNumber << STORAGE_SHIFT)
    );
  }

  /** What a variant's code must have to pass the buyers' other filters; undefined when none is asked for. */
  filter({ storage, condition, document, shipping, valut, grade, minBattery }: VariantFilter): CodeFilter | undefined {
    if (storage === undefined && condition === undefined && !document && !shipping && valut === undefined && grade === undefined && minBattery === undefined) {
      return undefined;
    }
    const storageNumber = storage === undefined ? 0 : this.storages.get(storage);
    // A storage no listing on sale has: no variant passes (the battery can never exceed NO_BATTERY).
    if (storageNumber === undefined) return { mask: 0, wanted: 0, minBattery: NO_BATTERY + 1 };
    // The filters that ask for one value: the bits they fix, and the values those bits must have.
    let mask = 0;
    let wanted = 0;
    const fix = (bits: number, value: number) => {
      mask |= bits;
      wanted |= value;
    };
    if (storage !== undefined) fix(~0 << STORAGE_SHIFT, storageNumber << STORAGE_SHIFT);
    if (condition !== undefined) fix(NEW, condition === 'new' ? NEW : 0);
    if (document) fix(DOCUMENT, DOCUMENT);
    if (shipping) fix(SHIPPING, SHIPPING);
    if (valut !== undefined) fix(DOLLARS, valut === 'usd' ? DOLLARS : 0);
    if (grade !== undefined) fix(0b11 << GRADE_SHIFT, (CONDITION_GRADES.indexOf(grade) + 1) << GRADE_SHIFT);
    return { mask, wanted, minBattery: minBattery ?? 0 };
  }
}

/**
 * A variant passes when `(code & mask) === wanted` and its battery is at least `minBattery`
 * (0: any, given or not). Plain numbers, not a function: a filter of the whole feed tests
 * some 300,000 variants.
 */
interface CodeFilter {
  mask: number;
  wanted: number;
  minBattery: number;
}

type VariantFilter = Omit<TotalsFilter, 'categoryId' | 'region' | 'deviceIds' | 'minPrice' | 'maxPrice'>;

/** The first index of prices[from..to) sorted whose value is not below `bound` (or above it, with `after`). */
function boundary(prices: Float64Array, from: number, to: number, bound: number, after: boolean): number {
  let low = from;
  let high = to;
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
 * no walk over the listings they match. The snapshot is one scan, read again every few seconds
 * (FeedTotalsCache); the totals it gives are as old as it is.
 */
export class FeedTotals {
  private readonly byDevice = new Map<string, Group[]>();
  private readonly byCategory = new Map<string, Group[]>();
  private readonly byRegion = new Map<string, Group[]>();
  private readonly all: Group[];
  readonly listings: number;

  private constructor(
    groups: Group[],
    private readonly variants: VariantCodes,
    /** Brands by id or name with their series, for `?brand=Samsung`. */
    private readonly families: BrandFamilies,
    /**
     * Every price of a brand, and of a region, in order: price bounds with at most one of them are
     * two binary searches, not two per group (the whole feed's 6,000 groups took 2.8 ms, a brand's 0.16).
     */
    private readonly pricesByCategory: ReadonlyMap<string, Float64Array>,
    private readonly pricesByRegion: ReadonlyMap<string, Float64Array>,
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

  /**
   * Reads a snapshot with `query` (one scan of the index of listings by model); yields to requests
   * while parsing it. `families` are the brands with their series (CategoriesService.families).
   */
  static async read(query: <Row>(sql: string) => Promise<Row[]>, families: BrandFamilies): Promise<FeedTotals> {
    const rows = await query<{ category_id: string; device_id: string; region: string; variants: string }>(FEED_TOTALS_SQL);
    const variants = new VariantCodes();
    const groups: Group[] = [];
    let parsed = 0;
    for (const row of rows) {
      const texts = row.variants.split('\x1e');
      const variantCodes = new Uint32Array(texts.length);
      const variantStarts = new Uint32Array(texts.length + 1);
      const priceLists = texts.map((text, index) => {
        const fields = text.split('\x1f');
        variantCodes[index] = variants.code(fields);
        return fields[7];
      });
      const byVariant = new Float64Array(priceLists.reduce((sum, list) => sum + pricesIn(list), 0));
      let at = 0;
      priceLists.forEach((list, index) => {
        const start = at;
        at = readPrices(list, byVariant, at);
        byVariant.subarray(start, at).sort();
        variantStarts[index + 1] = at;
      });
      groups.push({
        categoryId: row.category_id,
        deviceId: row.device_id,
        region: row.region,
        prices: byVariant.slice().sort(),
        variantCodes,
        variantStarts,
        variantPrices: byVariant,
      });
      parsed += byVariant.length;
      if (parsed >= PRICES_PER_SLICE) {
        parsed = 0;
        await yieldToRequests();
      }
    }
    return new FeedTotals(
      groups,
      variants,
      families,
      await sortedPrices(groups, (group) => group.categoryId),
      await sortedPrices(groups, (group) => group.region),
    );
  }

  /** Listings on sale per brand (the categories page's counts); a brand with none is left out. */
  byBrand(): ReadonlyMap<string, number> {
    return new Map([...this.pricesByCategory].map(([categoryId, prices]) => [categoryId, prices.length]));
  }

  /** The ids the brand's filter takes, by its id or its name in any case: its own and its series'; none for a brand that does not exist. */
  brandIds(brand: string): string[] {
    return this.families.idsOf(brand);
  }

  count({ categoryId, region, deviceIds, minPrice, maxPrice, ...others }: TotalsFilter): number {
    const candidates = deviceIds
      ? deviceIds.flatMap((id) => this.byDevice.get(id) ?? [])
      : categoryId !== undefined
        ? (this.byCategory.get(categoryId) ?? [])
        : region !== undefined
          ? (this.byRegion.get(region) ?? [])
          : this.all;
    const variantOf = this.variants.filter(others);
    if (!deviceIds && categoryId === undefined && region === undefined && minPrice === undefined && maxPrice === undefined && !variantOf) return this.listings;
    const inBounds = (prices: Float64Array, from: number, to: number) => {
      const first = minPrice === undefined ? from : boundary(prices, from, to, minPrice, false);
      const last = maxPrice === undefined ? to : boundary(prices, from, to, maxPrice, true);
      return Math.max(0, last - first);
    };
    if (!deviceIds && !variantOf && (categoryId === undefined || region === undefined)) {
      const scopes =
        categoryId !== undefined ? [this.pricesByCategory.get(categoryId)] : region !== undefined ? [this.pricesByRegion.get(region)] : this.pricesByCategory.values();
      let total = 0;
      for (const prices of scopes) if (prices) total += inBounds(prices, 0, prices.length);
      return total;
    }
    let total = 0;
    for (const group of candidates) {
      if ((categoryId !== undefined && group.categoryId !== categoryId) || (region !== undefined && group.region !== region)) continue;
      if (!variantOf) total += inBounds(group.prices, 0, group.prices.length);
      else {
        const { variantCodes, variantStarts, variantPrices } = group;
        const { mask, wanted, minBattery } = variantOf;
        for (let index = 0; index < variantCodes.length; index++) {
          const code = variantCodes[index];
          const battery = code & NO_BATTERY;
          if ((code & mask) !== wanted || (minBattery > 0 && (battery === NO_BATTERY || battery < minBattery))) continue;
          total += inBounds(variantPrices, variantStarts[index], variantStarts[index + 1]);
        }
      }
    }
    return total;
  }
}

/**
 * A snapshot's prices as PostgreSQL writes them ('1500000,2300000'), read into `prices` from
 * `at`; answers where they end. Digit by digit: splitting and converting each list took most of
 * the half second a snapshot held the event loop for (issue 17).
 */
function readPrices(list: string, prices: Float64Array, at: number): number {
  let price = 0;
  for (let index = 0; index < list.length; index++) {
    const char = list.charCodeAt(index);
    if (char === COMMA) {
      prices[at++] = price;
      price = 0;
    } else price = price * 10 + (char - DIGIT_ZERO);
  }
  prices[at++] = price;
  return at;
}

/** How many prices a list holds. */
function pricesIn(list: string): number {
  let count = 1;
  for (let index = 0; index < list.length; index++) if (list.charCodeAt(index) === COMMA) count++;
  return count;
}

const COMMA = 44;
const DIGIT_ZERO = 48;

/**
 * Prices sorted at once, at most, when a brand's or a region's are put in order: sorting the
 * largest brand's 164,000 prices at once blocked requests for 17 ms at every snapshot.
 */
const PRICES_SORTED_AT_ONCE = 16_384;

/**
 * The groups' prices by `keyOf` (a brand, a region), each in order: the groups' prices gathered
 * in runs of about PRICES_SORTED_AT_ONCE, each sorted, then merged two runs at a time, yielding
 * to requests between steps.
 */
async function sortedPrices(groups: Group[], keyOf: (group: Group) => string): Promise<Map<string, Float64Array>> {
  const members = new Map<string, Float64Array[]>();
  for (const group of groups) {
    const key = keyOf(group);
    const list = members.get(key);
    if (list) list.push(group.prices);
    else members.set(key, [group.prices]);
  }
  const sorted = new Map<string, Float64Array>();
  for (const [key, arrays] of members) {
    let runs: Float64Array[] = [];
    for (let from = 0; from < arrays.length; ) {
      let to = from + 1;
      let size = arrays[from].length;
      while (to < arrays.length && size + arrays[to].length <= PRICES_SORTED_AT_ONCE) size += arrays[to++].length;
      const run = new Float64Array(size);
      for (let at = 0; from < to; from++) {
        run.set(arrays[from], at);
        at += arrays[from].length;
      }
      runs.push(run.sort());
      await yieldToRequests();
    }
    while (runs.length > 1) {
      const next: Float64Array[] = [];
      for (let index = 0; index < runs.length; index += 2) next.push(index + 1 < runs.length ? merged(runs[index], runs[index + 1]) : runs[index]);
      runs = next;
      await yieldToRequests();
    }
    sorted.set(key, runs[0]);
  }
  return sorted;
}

function merged(first: Float64Array, second: Float64Array): Float64Array {
  const out = new Float64Array(first.length + second.length);
  let i = 0;
  let j = 0;
  let at = 0;
  while (i < first.length && j < second.length) out[at++] = first[i] <= second[j] ? first[i++] : second[j++];
  out.set(first.subarray(i), at);
  out.set(second.subarray(j), at + first.length - i);
  return out;
}
