import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { listingQuerySchema, LISTING_REGIONS } from '@market/contracts';
import { feedSql } from '../src/listings/listing-feed';
import { createTestDatabase, dropTestDatabase, uniqueRunId } from '../../test/support/database';

/**
 * GET /api/phone on a large table: 200 000 listings in a database of this file's own (the
 * shared test database must not see them). Every filter combination must be planned on an
 * index of `listing`, never a sequential scan of it. The plans are written to
 * $TMPDIR/listing-query-plans.txt for reading.
 */
const LISTINGS = 200_000;
const FILTERS = ['brand', 'region', 'name', 'minPrice', 'maxPrice'] as const;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe('GET /api/phone query plans on 200 000 listings', () => {
  const databaseName = `market_plans_${uniqueRunId()}`;
  let client: Client;
  let brandId: string;
  const report: string[] = [];

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
                            phone_number, tarif, status, created_at, deleted_at)
       SELECT seller.id, device.id, device.category_id, device.name, p.price, p.valut,
              CASE WHEN p.valut = 'usd' THEN p.price * 12650 ELSE p.price END,
              ($1::text[])[1 + g % array_length($1::text[], 1)], 'A phone in good condition', '998901234567',
              CASE WHEN g % 20 = 0 THEN 1 ELSE 0 END,
              CASE WHEN g % 10 < 8 THEN 'active' WHEN g % 10 = 8 THEN 'waiting' ELSE 'noActive' END,
              now() - (g || ' minutes')::interval,
              CASE WHEN g % 50 = 0 THEN now() END
         FROM generate_series(1, $2::int) g
         JOIN device ON device.n = g % 360
         JOIN seller ON seller.n = g % 2000
         CROSS JOIN LATERAL (SELECT CASE WHEN g % 5 < 2 THEN 'usd' ELSE 'uzs' END AS valut,
                                    CASE WHEN g % 5 < 2 THEN 50 + (g * 7) % 2000 ELSE 500000 + (g * 7919) % 25000000 END AS price) p`,
      [regions, LISTINGS],
    );
    await client.query('VACUUM ANALYZE listing');
    [{ id: brandId }] = (await client.query(`SELECT id FROM categories WHERE name = 'Brand 3'`)).rows;
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
    async (_label, filters) => {
      const query = listingQuerySchema.parse(Object.fromEntries(filters.map((filter) => [filter, values[filter]])));
      const variants = filters.includes('brand')
        ? [{ brand: 'Brand 3', label: '' }, { brand: brandId, label: ' (brand id)' }]
        : [{ brand: undefined, label: '' }];
      for (const nameMatch of filters.includes('name') ? (['substring', 'similar'] as const) : (['substring'] as const)) {
      for (const { brand, label } of variants) {
        const sql = feedSql({ ...query, brand }, nameMatch);
        for (const [kind, text, params] of [
          ['page 1', sql.page, sql.pageParams(0)],
          ['page 50', sql.page, sql.pageParams(49 * 12)],
          ['count', sql.count, sql.params],
        ] as const) {
          const [{ 'QUERY PLAN': [explained] }] = (
            await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params as unknown[])
          ).rows as [{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }];
          const listingScans = nodes(explained.Plan).filter((node) => node['Relation Name'] === 'listing');
          const summary = nodes(explained.Plan)
            .filter((node) => node['Relation Name'] === 'listing' || node['Index Name']?.startsWith('listing_'))
            .map((node) => `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
          report.push(
            `${_label}${label}${nameMatch === 'similar' ? ' (similar names)' : ''} ${kind}: ${explained['Execution Time'].toFixed(1)} ms  ${summary.join(', ')}`,
          );
          expect(listingScans.length).toBeGreaterThan(0);
          expect(listingScans.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
        }
      }
      }
    },
    60_000,
  );
});
