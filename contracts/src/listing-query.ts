import type { ListingQuery } from './listing';
import { BATTERY_MAX, BATTERY_MIN, CONDITION_GRADES, CURRENCIES, type ConditionGrade, type Currency } from './listing-constants';

/** The orders of the feed: newest (promoted listings first) is the default; prices compare in so'm across currencies. */
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** 'null' and '' in the address bar mean a cleared filter (spec section 4). */
function queryText(value: unknown): string | undefined {
  // A JSON body (a saved search's query) may carry numbers and booleans: read as the address writes them.
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' || text === 'null' || text === 'undefined' ? undefined : text;
}

/**
 * A price bound as typed: digits and a dot (spaces and other separators dropped); anything else
 * is no bound. A bound beyond any price is the largest one the database compares exactly.
 */
function queryPrice(value: unknown): number | undefined {
  const text = queryText(value)?.replace(/[^\d.]/g, '');
  if (!text) return undefined;
  const price = Number(text);
  return Number.isFinite(price) && price >= 0 ? Math.min(Math.round(price), Number.MAX_SAFE_INTEGER) : undefined;
}

/** The storage sizes the home page's filter offers (any other size still works in the address). */
export const STORAGE_FILTER_SIZES = ['32GB', '64GB', '128GB', '256GB', '512GB', '1TB'] as const;

/** The least battery health (%) the home page's filter offers (any other bound still works in the address). */
export const BATTERY_FILTER_BOUNDS = [80, 85, 90, 95] as const;

/** A storage size as listings store it ('128GB', '1TB'); '128', '128gb' and '128 GB' read the same. */
function queryStorage(value: unknown): string | undefined {
  const size = queryText(value)?.toUpperCase().replace(/\s+/g, '').match(/^(\d{1,4})(GB|TB)?$/);
  return size ? `${Number(size[1])}${size[2] ?? 'GB'}` : undefined;
}

/** A yes-only filter: 'true' or '1' asks for it; anything else is no filter (not 'without'). */
function queryYes(value: unknown): true | undefined {
  const text = queryText(value);
  return text === 'true' || text === '1' ? true : undefined;
}

/** The least battery health asked for, in %: a whole number within 50-100 (a bound below 50 is no filter). */
function queryBattery(value: unknown): number | undefined {
  const battery = Number(queryText(value));
  return Number.isInteger(battery) && battery > BATTERY_MIN ? Math.min(battery, BATTERY_MAX) : undefined;
}

function queryChoice<T extends string>(choices: readonly T[]) {
  return (value: unknown): T | undefined => {
    const text = queryText(value)?.toLowerCase();
    return choices.find((choice) => choice === text);
  };
}

/**
 * How each parameter of `GET /api/phone?page=&brand=&region=&name=&minPrice=&maxPrice=&sort=&storage=&condition=&document=&shipping=&valut=&grade=&minBattery=` is
 * read: by the server's `listingQuerySchema` and, without zod, by the home page from its
 * address (`parseListingQuery`). Reading never fails: a pasted or hand-edited address shows
 * something sensible. A page that is not a whole number (a safe integer) or is below 1 is
 * page 1. `brand` is a category id or a category name (any case), so both `?brand=Samsung` and
 * `?brand=<uuid>` work. `minPrice`/`maxPrice` are so'm and compare with the listing's price
 * converted to so'm at the current USD rate. `sort` is one of LISTING_SORTS (newest by default),
 * `storage` a size ('256GB'), `condition` new or used, `document` (box and documents) and
 * `shipping` (delivery) `true` to ask for them, `valut` the currency the seller priced in, `grade`
 * a used phone's grade (A, B or C, that grade exactly), `minBattery` the least battery health in %
 * (listings that did not give it are left out), `goodSellers` `true` for sellers rated 4.5 or more
 * from at least 3 reviews (docs/reputation.md).
 */
export const LISTING_QUERY_FIELDS = {
  page: (value: unknown): number => {
    const page = Number(queryText(value));
    return Number.isSafeInteger(page) && page >= 1 ? page : 1;
  },
  brand: queryText,
  region: queryText,
  name: (value: unknown): string | undefined => queryText(value)?.slice(0, 100),
  minPrice: queryPrice,
  maxPrice: queryPrice,
  sort: (value: unknown): ListingSort => queryChoice(LISTING_SORTS)(value) ?? 'newest',
  storage: queryStorage,
  condition: queryChoice(['new', 'used'] as const),
  document: queryYes,
  shipping: queryYes,
  valut: queryChoice<Currency>(CURRENCIES),
  grade: (value: unknown): ConditionGrade | undefined => CONDITION_GRADES.find((grade) => grade === queryText(value)?.toUpperCase()),
  minBattery: queryBattery,
  /** Only sellers rated 4.5 or more from at least 3 reviews (issue 38). */
  goodSellers: queryYes,
};

/** The filters of the feed besides the page and the order, as the address names them. */
export const LISTING_FILTER_PARAMETERS = [
  'brand',
  'region',
  'name',
  'minPrice',
  'maxPrice',
  'storage',
  'condition',
  'document',
  'shipping',
  'valut',
  'grade',
  'minBattery',
  'goodSellers',
] as const satisfies readonly (keyof ListingQuery)[];

/** `listingQuerySchema.parse` without the schema library, for the browser's first page. */
export function parseListingQuery(query: Record<string, unknown>): ListingQuery {
  const fields = LISTING_QUERY_FIELDS;
  return {
    page: fields.page(query.page),
    brand: fields.brand(query.brand),
    region: fields.region(query.region),
    name: fields.name(query.name),
    minPrice: fields.minPrice(query.minPrice),
    maxPrice: fields.maxPrice(query.maxPrice),
    sort: fields.sort(query.sort),
    storage: fields.storage(query.storage),
    condition: fields.condition(query.condition),
    document: fields.document(query.document),
    shipping: fields.shipping(query.shipping),
    valut: fields.valut(query.valut),
    grade: fields.grade(query.grade),
    minBattery: fields.minBattery(query.minBattery),
    goodSellers: fields.goodSellers(query.goodSellers),
  };
}

/**
 * The query string of a feed address, as the home page writes it and asks the API with: the page,
 * then only the filters that are set, the order when not the default (spec section 4). The server
 * names the same address in the home page's head, so both must write it alike.
 */
export function listingQueryString(filters: Pick<ListingQuery, 'page'> & Partial<ListingQuery>): string {
  const params = new URLSearchParams({ page: String(filters.page) });
  for (const key of LISTING_FILTER_PARAMETERS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  if (filters.sort && filters.sort !== 'newest') params.set('sort', filters.sort);
  return params.toString();
}
