import type { ListingQuery } from './listing';

/** 'null' and '' in the address bar mean a cleared filter (spec section 4). */
function queryText(value: unknown): string | undefined {
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

/**
 * How each parameter of `GET /api/phone?page=&brand=&region=&name=&minPrice=&maxPrice=` is
 * read: by the server's `listingQuerySchema` and, without zod, by the home page from its
 * address (`parseListingQuery`). Reading never fails: a pasted or hand-edited address shows
 * something sensible. A page that is not a whole number (a safe integer) or is below 1 is
 * page 1. `brand` is a category id or a category name (any case), so both `?brand=Samsung` and
 * `?brand=<uuid>` work. `minPrice`/`maxPrice` are so'm and compare with the listing's price
 * converted to so'm at the current USD rate.
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
};

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
  };
}
