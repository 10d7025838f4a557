// The public requests of issue 9's API benchmark, on a bench:data database: bench:api measures each
// one, the soak drill replays them all as a mix.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { databaseUrl, root } from './stack.mjs';

const { Client } = createRequire(join(root, 'backend/package.json'))('pg');

/** A listing, the busiest brand and a deep page number of the database, for the requests that name them. */
async function sampleIds(database) {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  const { rows: [listing] } = await client.query(`SELECT id FROM listing WHERE status = 'active' ORDER BY created_at DESC OFFSET 5000 LIMIT 1`);
  const { rows: [brand] } = await client.query(`SELECT c.id FROM categories c JOIN listing l ON l.category_id = c.id GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`);
  const { rows: [{ pages }] } = await client.query(`SELECT ceil(count(*) / 12.0)::int AS pages FROM listing WHERE status = 'active' AND deleted_at IS NULL`);
  await client.end();
  if (!listing) throw new Error(`No listings in ${database}: run npm run bench:data first`);
  return { listingId: listing.id, brandId: brand.id, deepPage: Math.max(1, Math.floor(pages / 10)) };
}

/** `[name, path]` of each public request: home list, a deep page, filters, name searches, a detail page, the brands. */
export async function publicEndpoints(database) {
  const { listingId, brandId, deepPage } = await sampleIds(database);
  return [
    ['home list, page 1', '/api/phone?page=1'],
    [`deep page (${deepPage})`, `/api/phone?page=${deepPage}`],
    ['brand + region + price', `/api/phone?page=1&brand=${brandId}&region=toshkent&minPrice=2000000&maxPrice=8000000`],
    ["name 'iphone 13'", '/api/phone?page=1&name=iphone%2013'],
    ["name 'galaxy s23 ultra'", '/api/phone?page=1&name=galaxy%20s23%20ultra'],
    ['listing detail', `/api/phone/${listingId}`],
    ['categories', '/api/category'],
  ];
}
