// `npm run bench:api`: autocannon on loopback against the production build with the bench:data
// database; each endpoint's throughput and latency, the API's peak RSS, and the ratio to a bare
// node:http server answering the same bytes as the home list (the ceiling).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { parseArgs } from './lib/args.mjs';
import { databaseUrl, freePort, requireBuild, root, startApi } from './lib/stack.mjs';

const { database, connections, duration } = parseArgs({ database: 'market_bench', connections: 50, duration: 10 });
const { Client } = createRequire(join(root, 'backend/package.json'))('pg');

function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmHWM:\s+(\d+)/)[1]) / 1024);
}

function load(url) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

async function sampleIds() {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  const { rows: [listing] } = await client.query(`SELECT id FROM listing WHERE status = 'active' ORDER BY created_at DESC OFFSET 5000 LIMIT 1`);
  const { rows: [brand] } = await client.query(`SELECT c.id FROM categories c JOIN listing l ON l.category_id = c.id GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`);
  const { rows: [{ pages }] } = await client.query(`SELECT ceil(count(*) / 12.0)::int AS pages FROM listing WHERE status = 'active' AND deleted_at IS NULL`);
  await client.end();
  if (!listing) throw new Error(`No listings in ${database}: run npm run bench:data first`);
  return { listingId: listing.id, brandId: brand.id, deepPage: Math.max(1, Math.floor(pages / 10)) };
}

requireBuild();
const { listingId, brandId, deepPage } = await sampleIds();
const api = await startApi({ DATABASE_URL: databaseUrl(database) });
const endpoints = [
  ['home list, page 1', '/api/phone?page=1'],
  [`deep page (${deepPage})`, `/api/phone?page=${deepPage}`],
  ['brand + region + price', `/api/phone?page=1&brand=${brandId}&region=toshkent&minPrice=2000000&maxPrice=8000000`],
  ["name 'iphone 13'", '/api/phone?page=1&name=iphone%2013'],
  ["name 'galaxy s23 ultra'", '/api/phone?page=1&name=galaxy%20s23%20ultra'],
  ['listing detail', `/api/phone/${listingId}`],
  ['categories', '/api/category'],
];

// The ceiling: the same bytes as the home list, from a server that does nothing else.
const homeBody = Buffer.from(await fetch(`${api.baseUrl}/api/phone?page=1`).then((response) => response.arrayBuffer()));
const ceilingPort = await freePort();
const ceiling = createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': homeBody.length });
  response.end(homeBody);
});
await new Promise((resolve) => ceiling.listen(ceilingPort, '127.0.0.1', resolve));

try {
  const ceilingResult = await load(`http://127.0.0.1:${ceilingPort}/`);
  const rows = [];
  for (const [name, path] of endpoints) {
    const result = await load(`${api.baseUrl}${path}`);
    rows.push({
      endpoint: name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx + result.timeouts,
      'vs ceiling': `${((result.requests.average / ceilingResult.requests.average) * 100).toFixed(0)} %`,
    });
  }
  rows.push({
    endpoint: 'ceiling (bare node:http)',
    'req/s': Math.round(ceilingResult.requests.average),
    'p50 ms': ceilingResult.latency.p50,
    'p99 ms': ceilingResult.latency.p99,
    errors: ceilingResult.errors + ceilingResult.non2xx,
    'vs ceiling': '100 %',
  });
  console.log(`${connections} connections, ${duration} s per endpoint, database ${database}`);
  console.table(rows);
  console.log(`API peak RSS: ${peakRssMb(api.process.pid)} MB`);
} finally {
  ceiling.close();
  await api.stop();
}
