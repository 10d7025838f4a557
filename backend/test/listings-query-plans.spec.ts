import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { LIMITS, listingQuerySchema, LISTING_REGIONS } from '@market/contracts';
import { ANCHOR_SPACING, ANCHORS_FROM, anchorBefore, BOUNDS_WALK_ENTRIES, feedSql, type FeedFilter, type FeedPosition } from '../src/browse/listing-feed';
import { FEED_TOTALS_SETTINGS, FEED_TOTALS_SQL } from '../src/browse/listing-feed-totals';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';

/**
 * GET /api/phone on a large table: 200 000 listings in a database of this file's own (the
 * shared test database must not see them). Every filter combination must be planned on an
 * index of `listing`, never a sequential scan of it; a deep page, a name search and the feed's
 * totals must read no more of the table than they show. The plans are written to
 * $TMPDIR/listing-query-plans.txt for reading.
 */
const LISTINGS = 200_000;
const FILTERS = ['brand', 'region', 'name', 'minPrice', 'maxPrice'] as const;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Heap Fetches'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The plan nodes that read `listing`, its table or one of its indexes. */
const listingReads = (plan: PlanNode) => nodes(plan).filter((node) => node['Relation Name'] === 'listing');
/** Index entries or rows a node read in all its loops: those it passed on and those its filter skipped. */
const rowsRead = (node: PlanNode) => (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];

describe('GET /api/phone query plans on 200 000 listings', () => {
  const databaseName = `market_plans_${uniqueRunId()}`;
  let client: Client;
  let brandId: string;
  /** Another brand's id, standing for a series of 'Brand 3' (the feed walks each one's part of the index). */
  let seriesId: string;
  /** Two listings on sale, in a page's TOP places. */
  let shown: string[];
  const report: string[] = [];

  async function explain(label: string, text: string, params: readonly unknown[]): Promise<{ plan: PlanNode; rows: Record<string, unknown>[] }> {
    const [{ 'QUERY PLAN': [explained] }] = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params as unknown[])).rows as [
      { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] },
    ];
    const summary = listingReads(explained.Plan).map(
      (node) => `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''} (${rowsRead(node)} rows${node['Heap Fetches'] ? `, ${node['Heap Fetches']} heap fetches` : ''})`,
    );
    report.push(`${label}: ${explained['Execution Time'].toFixed(1)} ms  ${summary.join(', ')}`);
    return { plan: explained.Plan, rows: (await client.query(text, params as unknown[])).rows };
  }

  /** The devices a name means, as the catalogue finds them (DevicesService.listingDeviceIds, without the spelling). */
  async function devicesNamed(name: string): Promise<string[]> {
    const compact = name.toLowerCase().replace(/[^a-z0-9+]+/g, '');
    return (await client.query(`SELECT id FROM devices WHERE search_key LIKE '%' || $1 || '%' ORDER BY id`, [compact])).rows.map((row) => row.id);
  }

  beforeAll(async () => {
    client = new Client({ connectionString: await createTestDatabase(databaseName) });
    await client.connect();
    await client.query(`
      INSERT INTO users (phone_number, name) SELECT '99890' || lpad(n::text, 7, '0'), 'Seller ' || n FROM generate_series(1, 2000) n;
      INSERT INTO categories (name, color, number) SELECT 'Brand ' || n, '#123456', n FROM generate_series(1, 12) n;
      INSERT INTO devices (name, category_id)
        SELECT c.name || ' ' || (ARRAY['Galaxy', 'Note', 'Pro', 'Spark', 'Hot', 'Nova'])[1 + (m + c.number) % 6]
               || ' ' || (ARRAY['A', 'S', 'X', 'M', 'C'])[1 + m % 5] || (m * 3 + c.number), c.id
          FROM categories c, generate_series(1, 30) m;`);
    const regions = LISTING_REGIONS.map((region) => region.id);
    await client.query(
      `WITH device AS (SELECT id, category_id, name, row_number() OVER (ORDER BY name) - 1 AS n FROM devices),
            seller AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users)
       INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description,
                            phone_number, tarif, status, created_at, deleted_at, storage, condition, document, shipping, grade, battery)
       SELECT seller.id, device.id, device.category_id, device.name, p.price, p.valut,
              CASE WHEN p.valut = 'usd' THEN p.price * 12650 ELSE p.price END,
              ($1::text[])[1 + g % array_length($1::text[], 1)], 'A phone in good condition', '998901234567',
              CASE WHEN g % 20 = 0 THEN 1 ELSE 0 END,
              CASE WHEN g % 10 < 8 THEN 'active' WHEN g % 10 = 8 THEN 'waiting' ELSE 'noActive' END,
              now() - (g || ' minutes')::interval,
              CASE WHEN g % 50 = 0 THEN now() END,
              (ARRAY['64GB', '128GB', '256GB', '512GB'])[1 + g % 4], g % 3 = 0, g % 7 < 3, g % 5 < 2,
              CASE WHEN g % 3 <> 0 THEN (ARRAY['A', 'B', 'C'])[1 + (g / 3) % 3] END,
              CASE WHEN g % 3 <> 0 AND g % 4 <> 0 THEN 60 + g % 41 END
         FROM generate_series(1, $2::int) g
         JOIN device ON device.n = g % 360
         JOIN seller ON seller.n = g % 2000
         CROSS JOIN LATERAL (SELECT CASE WHEN g % 5 < 2 THEN 'usd' ELSE 'uzs' END AS valut,
                                    CASE WHEN g % 5 < 2 THEN 50 + (g * 7) % 2000 ELSE 500000 + (g * 7919) % 25000000 END AS price) p`,
      [regions, LISTINGS],
    );
    await client.query('VACUUM ANALYZE listing');
    [{ id: brandId }] = (await client.query(`SELECT id FROM categories WHERE name = 'Brand 3'`)).rows;
    [{ id: seriesId }] = (await client.query(`SELECT id FROM categories WHERE name = 'Brand 4'`)).rows;
    shown = (await client.query(`SELECT id FROM listing WHERE status = 'active' AND deleted_at IS NULL ORDER BY id LIMIT 2`)).rows.map((row) => row.id);
  }, 300_000);

  afterAll(async () => {
    await client?.end();
    await dropTestDatabase(databaseName);
    writeFileSync(join(tmpdir(), 'listing-query-plans.txt'), report.join('\n'));
  });

  const values: Record<(typeof FILTERS)[number], string> = {
    brand: 'Brand 3',
    region: 'samarqand',
    name: 'galaxy s2',
    minPrice: '3000000',
    maxPrice: '9000000',
  };
  const combinations = Array.from({ length: 2 ** FILTERS.length }, (_, mask) =>
    FILTERS.filter((_, index) => mask & (1 << index)),
  );

  it.each(combinations.map((filters) => [filters.join('+') || 'no filter', filters] as const))(
    'plans %s on indexes only',
    async (label, filters) => {
      const query = listingQuerySchema.parse(Object.fromEntries(filters.map((filter) => [filter, values[filter]])));
      const deviceIds = query.name ? await devicesNamed(query.name) : undefined;
      // The feed hands over the ids a brand stands for (ListingFeedService, from its totals): the brand alone, or with a series.
      const variants = filters.includes('brand')
        ? [
            { brandIds: [brandId], label: '' },
            { brandIds: [brandId, seriesId], label: ' (with a series)' },
          ]
        : [{ brandIds: undefined, label: '' }];
      for (const { brandIds, label: brandLabel } of variants) {
        const sql = feedSql({ ...query, brandIds, deviceIds });
        for (const [kind, text, params] of [
          ['page 1', sql.page(0).sql, sql.page(0).params],
          ['page 50', sql.page(49 * 12).sql, sql.page(49 * 12).params],
          // A page with TOP places reads their cards in the same statement (issue 39).
          ['page 2 with TOP places', sql.page(10, undefined, shown).sql, sql.page(10, undefined, shown).params],
          ['count', sql.count, sql.params],
        ] as const) {
          const { plan } = await explain(`${label}${brandLabel} ${kind}`, text, params);
          const reads = listingReads(plan);
          expect(reads.length).toBeGreaterThan(0);
          expect(reads.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
        }
      }
    },
    60_000,
  );

  const sortedAndFiltered: Array<[string, Record<string, string>]> = [
    ['price_asc', { sort: 'price_asc' }],
    ['price_desc', { sort: 'price_desc' }],
    ['price_asc brand', { sort: 'price_asc', brand: 'Brand 3' }],
    ['price_asc region', { sort: 'price_asc', region: 'samarqand' }],
    ['price_desc brand+region', { sort: 'price_desc', brand: 'Brand 3', region: 'samarqand' }],
    ['price_asc name', { sort: 'price_asc', name: 'galaxy s2' }],
    ['price_asc minPrice+maxPrice', { sort: 'price_asc', minPrice: '3000000', maxPrice: '9000000' }],
    ['storage', { storage: '256GB' }],
    ['condition+document+shipping+valut', { condition: 'new', document: 'true', shipping: 'true', valut: 'usd' }],
    ['brand+storage+minPrice', { brand: 'Brand 3', storage: '128GB', minPrice: '3000000' }],
    ['price_desc region+storage+condition', { sort: 'price_desc', region: 'samarqand', storage: '512GB', condition: 'used' }],
    ['name+storage+shipping', { name: 'galaxy s2', storage: '256GB', shipping: 'true' }],
    ['grade+minBattery', { grade: 'A', minBattery: '85' }],
    ['price_asc brand+grade', { sort: 'price_asc', brand: 'Brand 3', grade: 'B' }],
    ['name+minBattery', { name: 'galaxy s2', minBattery: '90' }],
  ];

  // Their counts come from the feed totals' snapshot (in memory); the count query, its fallback, is only reported.
  it.each(sortedAndFiltered)('plans the pages of %s (sorts and the buyers\' filters) on indexes only', async (label, values) => {
    const query = listingQuerySchema.parse(values);
    const deviceIds = query.name ? await devicesNamed(query.name) : undefined;
    const sql = feedSql({ ...query, deviceIds, brandIds: query.brand ? [brandId] : undefined });
    for (const [kind, text, params] of [
      ['page 1', sql.page(0).sql, sql.page(0).params],
      ['page 50', sql.page(49 * 12).sql, sql.page(49 * 12).params],
    ] as const) {
      const { plan } = await explain(`${label} ${kind}`, text, params);
      expect(listingReads(plan).length).toBeGreaterThan(0);
      expect(listingReads(plan).filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    }
    await explain(`${label} count`, sql.count, sql.params);
    if (query.sort !== 'newest' && !deviceIds) {
      // A price order's anchors: one index-only scan of a price index.
      const { plan } = await explain(`${label} anchors`, sql.anchors(ANCHOR_SPACING).sql, sql.anchors(ANCHOR_SPACING).params);
      for (const node of listingReads(plan)) expect(node['Node Type']).toBe('Index Only Scan');
    }
  }, 60_000);

  describe('a deep page', () => {
    const filters: Array<[string, () => Promise<FeedFilter>]> = [
      ['the whole feed', async () => ({})],
      ['a brand', async () => ({ brand: 'Brand 3', brandIds: [brandId] })],
      ['a brand with a series', async () => ({ brand: 'Brand 3', brandIds: [brandId, seriesId] })],
      ['a region', async () => ({ region: 'toshkent' })],
      ['the models a name found', async () => ({ deviceIds: await devicesNamed('Brand 3 Spark') })],
      ['the models a name found in a region', async () => ({ deviceIds: await devicesNamed('Brand 3 Spark'), region: 'toshkent' })],
    ];

    it.each(filters)('of %s starts from its anchor: an index-only scan of at most ANCHOR_SPACING + 12 entries (of each model), the same listings as OFFSET', async (label, filterOf) => {
      const filter = await filterOf();
      const sql = feedSql(filter);
      expect(sql.anchored).toBe(true);
      const anchors = (await client.query(sql.anchors(ANCHOR_SPACING).sql, sql.anchors(ANCHOR_SPACING).params)).rows as FeedPosition[];
      const [{ total }] = (await client.query(sql.count, sql.params)).rows;
      expect(anchors).toHaveLength(Math.floor(total / ANCHOR_SPACING));
      const lastPage = Math.ceil(total / LIMITS.listingsPerPage);
      // The first page whose offset reaches the first anchor (the ANCHOR_SPACING-th listing).
      const anchored = ANCHOR_SPACING / LIMITS.listingsPerPage + 1;
      const pages = [...new Set([anchored, anchored + 1, Math.floor(lastPage / 2), lastPage - 1, lastPage])].filter((page) => page >= anchored);
      expect(pages.length).toBeGreaterThan(1);
      for (const page of pages) {
        const offset = (page - 1) * LIMITS.listingsPerPage;
        const from = anchorBefore(anchors, offset, ANCHOR_SPACING);
        expect(from).toBeDefined();
        const fromAnchor = sql.page(offset, from);
        const { plan, rows } = await explain(`${label} page ${page} from its anchor`, fromAnchor.sql, fromAnchor.params);
        const walks = listingReads(plan).filter((node) => node['Node Type'] === 'Index Only Scan');
        expect(walks).toHaveLength(1);
        expect(walks[0]['Heap Fetches']).toBe(0);
        expect(rowsRead(walks[0])).toBeLessThanOrEqual(((filter.deviceIds ?? filter.brandIds)?.length ?? 1) * (ANCHOR_SPACING + LIMITS.listingsPerPage));
        // Only the page's own listings are read from the table.
        for (const node of listingReads(plan).filter((read) => read !== walks[0])) expect(rowsRead(node)).toBeLessThanOrEqual(LIMITS.listingsPerPage);
        const plain = sql.page(offset);
        expect(rows.map((row) => row.id)).toEqual((await client.query(plain.sql, plain.params)).rows.map((row) => row.id));
      }
    });
  });

  describe('a name search', () => {
    it('reads the listings of the models the catalogue found, never the others: its cost does not grow with listings that do not match', async () => {
      const deviceIds = await devicesNamed('Brand 3 Spark');
      expect(deviceIds.length).toBeGreaterThan(1);
      const [{ listings }] = (await client.query(
        `SELECT count(*)::int AS listings FROM listing WHERE status = 'active' AND deleted_at IS NULL AND device_id = ANY($1::uuid[])`,
        [deviceIds],
      )).rows;
      for (const [label, filter] of [
        ['models', { deviceIds }],
        ['models in a region', { deviceIds, region: 'toshkent' }],
        ['models with price bounds', { deviceIds, minPrice: 1_000_000, maxPrice: 9_000_000 }],
      ] as Array<[string, FeedFilter]>) {
        const sql = feedSql(filter);
        const page = sql.page(0);
        const { plan } = await explain(`${label} page 1`, page.sql, page.params);
        for (const node of listingReads(plan)) expect(node['Index Name'] ?? 'the table').toMatch(/^listing_(feed_device|device_price)_idx$|^listing_pkey$/);
        const walked = listingReads(plan).filter((node) => node['Index Name'] === 'listing_feed_device_idx' || node['Index Name'] === 'listing_device_price_idx').reduce((sum, node) => sum + rowsRead(node), 0);
        // Each model stops at its page's 12 listings in feed order (a region or price bounds skip the others of the model only).
        expect(walked).toBeLessThanOrEqual(filter.region || filter.minPrice ? listings : deviceIds.length * LIMITS.listingsPerPage);
        const { plan: counted } = await explain(`${label} count`, sql.count, sql.params);
        for (const node of listingReads(counted)) {
          expect(node['Node Type']).toBe('Index Only Scan');
          // Either index of listings by model: both carry every filter's column.
          expect(node['Index Name']).toMatch(/^listing_(feed_device|device_price)_idx$/);
          expect(rowsRead(node)).toBeLessThanOrEqual(listings);
        }
      }
    });
  });

  describe('price bounds in newest order', () => {
    /** The plan PostgreSQL keeps for a statement prepared once (PublicReads' sessions force the generic plan). */
    async function explainPrepared(label: string, text: string, params: readonly unknown[]): Promise<{ plan: PlanNode; rows: Record<string, unknown>[] }> {
      const name = `walked_${report.length}`;
      await client.query('SET plan_cache_mode = force_generic_plan');
      try {
        await client.query(`PREPARE ${name} AS ${text}`);
        // EXECUTE takes its values as constants, not as a statement's parameters.
        const constant = (value: unknown) => client.escapeLiteral(Array.isArray(value) ? `{${value.join(',')}}` : String(value));
        return await explain(`${label} (prepared)`, `EXECUTE ${name}(${params.map(constant).join(', ')})`, []);
      } finally {
        await client.query(`DEALLOCATE ${name}; RESET plan_cache_mode`);
      }
    }
    const countOf = async (filter: FeedFilter) => ((await client.query(feedSql(filter).count, feedSql(filter).params)).rows[0] as { total: number }).total;

    it.each([
      ['bounds', { minPrice: 3_000_000, maxPrice: 9_000_000 }],
      ['a lower bound in a region', { region: 'samarqand', minPrice: 12_000_000 }],
      ['an upper bound of a brand', { brand: 'Brand 3', brandIds: ['brand'], maxPrice: 6_000_000 }],
    ] as Array<[string, FeedFilter]>)(
      'walks the feed index for %s by one plan prepared once while the walk is short: the listings the page planned for its bounds shows',
      async (label, given) => {
        const filter = given.brandIds ? { ...given, brandIds: [brandId] } : given;
        const share = { inside: await countOf(filter), all: await countOf({ ...filter, minPrice: undefined, maxPrice: undefined }) };
        const sql = feedSql(filter, share);
        for (const [kind, offset, top] of [['page 1', 0, undefined], ['page 11 with TOP places', 100, shown]] as const) {
          const page = sql.page(offset, undefined, top);
          expect(page.prepared).toBe(true);
          const { plan, rows } = await explainPrepared(`${label} ${kind}`, page.sql, page.params);
          const walks = listingReads(plan).filter((node) => node['Node Type'] === 'Index Only Scan');
          expect(walks).toHaveLength(1);
          expect(walks[0]['Index Name']).toMatch(/^listing_feed(_category|_region|_category_region)?_idx$/);
          expect(rowsRead(walks[0])).toBeLessThanOrEqual(Math.max(share.inside, BOUNDS_WALK_ENTRIES));
          for (const node of listingReads(plan).filter((read) => read !== walks[0])) expect(rowsRead(node)).toBeLessThanOrEqual(LIMITS.listingsPerPage);
          const planned = feedSql(filter).page(offset, undefined, top);
          expect(planned.prepared).toBe(false);
          const cards = (found: Record<string, unknown>[]) => found.map((row) => (row.card as { id: string }).id);
          expect(cards(rows)).toEqual(cards((await client.query(planned.sql, planned.params)).rows));
          expect(rows.length).toBe(LIMITS.listingsPerPage);
        }
      },
    );

    it('plans per request the pages of narrow bounds, whose walk would read more than the price index: PostgreSQL chooses for their values', async () => {
      const narrow = { maxPrice: 600_000 };
      const share = { inside: await countOf(narrow), all: await countOf({}) };
      expect(share.inside).toBeGreaterThan(0);
      expect(share.inside).toBeLessThan(BOUNDS_WALK_ENTRIES);
      const page = feedSql(narrow, share).page(0);
      expect(page.prepared).toBe(false);
      const { plan } = await explain('narrow bounds page 1', page.sql, page.params);
      expect(listingReads(plan).filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    });
  });

  it("reads the feed's totals from the index of listings by model, never the table", async () => {
    await client.query('BEGIN');
    try {
      for (const setting of FEED_TOTALS_SETTINGS) await client.query(setting);
      const { plan } = await explain('feed totals snapshot', FEED_TOTALS_SQL, []);
      expect(listingReads(plan).map((node) => node['Node Type'])).toEqual(['Index Only Scan']);
      expect(listingReads(plan)[0]['Index Name']).toMatch(/^listing_(feed_device|device_price)_idx$/);
    } finally {
      await client.query('ROLLBACK');
    }
  });
});

describe('a page of the feed', () => {
  const models = (count: number) => Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);

  it('starts from an anchor once its walk from the first listing would pass ANCHORS_FROM index entries (of all its models together)', () => {
    expect(feedSql({ region: 'andijon' }).startsFromAnchor(ANCHORS_FROM - LIMITS.listingsPerPage)).toBe(false);
    expect(feedSql({ region: 'andijon' }).startsFromAnchor(ANCHORS_FROM)).toBe(true);
    // A name's four models walk four times as far: anchors four times sooner.
    expect(feedSql({ deviceIds: models(4) }).startsFromAnchor(ANCHORS_FROM / 4 - LIMITS.listingsPerPage)).toBe(false);
    expect(feedSql({ deviceIds: models(4) }).startsFromAnchor(ANCHORS_FROM / 4)).toBe(true);
    // Never before the first anchor, however many models.
    expect(feedSql({ deviceIds: models(20) }).startsFromAnchor(ANCHOR_SPACING - LIMITS.listingsPerPage)).toBe(false);
    // Price bounds in the newest order have no anchors.
    expect(feedSql({ minPrice: 1 }).startsFromAnchor(100 * ANCHORS_FROM)).toBe(false);
  });
});
