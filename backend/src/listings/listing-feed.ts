import { LIMITS, type ListingQuery } from '@market/contracts';
import { FIRST_PHOTO_COLUMNS, FIRST_PHOTO_JOIN } from './listing.serializer';

/**
 * The SQL of `GET /api/phone`. Every condition keeps the partial indexes' predicate
 * (`status = 'active' AND deleted_at IS NULL`, see the listings migration) so each filter
 * combination is answered from an index: the feed order indexes for brand and region, the
 * price indexes for bounds, the trigram indexes for the name.
 */
export const ON_SALE = `l.status = 'active' AND l.deleted_at IS NULL`;
export const FEED_ORDER = 'l.tarif DESC, l.created_at DESC, l.id DESC';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FeedSql {
  /** The page's listings with their first photo; its last parameter is the offset. */
  page: string;
  pageParams: (offset: number) => unknown[];
  count: string;
  params: unknown[];
}

/** How a person types a model, in the two forms the indexes hold: words ('iphone 13') and compact ('iphone13'). */
export function nameSearchTerms(name: string): { words: string; compact: string } {
  const words = name.toLowerCase().replace(/\s+/g, ' ').trim();
  return { words, compact: words.replace(/[^a-z0-9+]+/g, '') };
}

/**
 * How `name` matches: 'substring' finds the typed text in the name ignoring spaces and case
 * ('iphone13' in 'Apple iPhone 13'); 'similar' compares word by word and forgives typos
 * ('iphnoe 13'). The feed tries the substring first and falls back to similar names when it
 * finds nothing: a typo-tolerant match over every listing would be slow and noisy.
 */
export type NameMatch = 'substring' | 'similar';

export function feedSql(query: ListingQuery, nameMatch: NameMatch = 'substring'): FeedSql {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [ON_SALE];
  if (query.brand) {
    conditions.push(
      UUID.test(query.brand)
        ? `l.category_id = ${bind(query.brand)}::uuid`
        : // A brand by name ('Samsung', any case); the categories' unique lower(name) index finds it.
          `l.category_id = (SELECT c.id FROM categories c WHERE lower(c.name) = lower(${bind(query.brand)}))`,
    );
  }
  if (query.region) conditions.push(`l.region = ${bind(query.region)}`);
  if (query.minPrice !== undefined) conditions.push(`l.price_uzs >= ${bind(query.minPrice)}::bigint`);
  if (query.maxPrice !== undefined) conditions.push(`l.price_uzs <= ${bind(query.maxPrice)}::bigint`);
  if (query.name) {
    const { words, compact } = nameSearchTerms(query.name);
    conditions.push(
      nameMatch === 'substring' && compact.length >= 3
        ? `l.search_key LIKE ${bind(`%${compact}%`)}`
        : `${bind(words)} <% lower(l.name)`,
    );
  }
  const where = conditions.join(' AND ');
  const page = `
    WITH page AS (
      SELECT l.id, l.name, l.price, l.valut, l.region, l.created_at, l.tarif, l.status
        FROM listing l
       WHERE ${where}
       ORDER BY ${FEED_ORDER}
       LIMIT ${LIMITS.listingsPerPage} OFFSET $${params.length + 1})
    SELECT l.*, ${FIRST_PHOTO_COLUMNS}
      FROM page l
      ${FIRST_PHOTO_JOIN}
     ORDER BY ${FEED_ORDER}`;
  const count = `SELECT count(*)::int AS total FROM listing l WHERE ${where}`;
  return { page, pageParams: (offset) => [...params, offset], count, params };
}
