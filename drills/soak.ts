// `npm run drills [-- --minutes 10 --rate N]`: the soak drill of issue 9. The production API on the
// bench:data database first takes visitors' browsing as fast as it can for 10 s (its throughput,
// unless --rate gives one), then the same browsing at 70 % of that rate for 10 minutes: no error,
// no timeout, no non-2xx answer, and its memory flat. Exits non-zero when either fails.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { LISTING_REGIONS } from '@market/contracts';
import { LOOPBACK_ONLY } from '../test/support/config';
import { parseArgs } from '../bench/lib/args.mjs';
import { memoryMb, runLoad, type LoadResult } from '../bench/lib/load.mjs';
import { databaseUrl, requireBuild, root, startApi } from '../bench/lib/stack.mjs';

const options = parseArgs({ database: 'market_bench', minutes: 10, rate: 0, connections: 50 });
const LOAD_SHARE = 0.7;
/** Memory may grow this much after the warm-up, at most. */
const RSS_GROWTH_LIMIT = 0.15;
const SAMPLE_EVERY_MS = 10_000;

const { Client } = createRequire(join(root, 'backend/package.json'))('pg');

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)];

/**
 * Many visitors browsing, not one URL repeated: feed pages 1–200 with and without a region or
 * brand, searches for any catalogue model, 5,000 different listings opened, and the brands. The
 * caches see far more URLs than they keep, so the database and the eviction work throughout.
 */
async function browsingPaths(database: string): Promise<() => string> {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  const listingIds: string[] = (await client.query(`SELECT id FROM listing WHERE status = 'active' ORDER BY random() LIMIT 5000`)).rows.map((row: { id: string }) => row.id);
  const brandIds: string[] = (await client.query(`SELECT id FROM categories`)).rows.map((row: { id: string }) => row.id);
  const deviceNames: string[] = (await client.query(`SELECT name FROM devices`)).rows.map((row: { name: string }) => row.name);
  await client.end();
  if (!listingIds.length) throw new Error(`No listings in ${database}: run npm run bench:data first`);
  const page = () => 1 + Math.floor(Math.random() * 200);
  const paths = [
    () => `/api/phone?page=${page()}`,
    () => `/api/phone?page=${page()}&region=${pick(LISTING_REGIONS).id}`,
    () => `/api/phone?page=1&brand=${pick(brandIds)}&minPrice=1000000&maxPrice=${pick([3, 6, 9, 15]) * 1_000_000}`,
    () => `/api/phone?page=1&name=${encodeURIComponent(pick(deviceNames).split(' ').slice(1).join(' ').toLowerCase())}`,
    () => `/api/phone/${pick(listingIds)}`,
    () => `/api/phone/${pick(listingIds)}`,
    () => '/api/category',
  ];
  return () => pick(paths)();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function failures(result: LoadResult): number {
  return result.errors + result.timeouts + result.non2xx;
}

async function main(): Promise<void> {
  requireBuild(['backend/dist/main.js']);
  const nextPath = await browsingPaths(options.database);
  const requests = [{ method: 'GET', setupRequest: (request: { path?: string }) => ({ ...request, path: nextPath() }) }];
  const api = await startApi({ ...LOOPBACK_ONLY, DATABASE_URL: databaseUrl(options.database) });
  const load = { url: api.baseUrl, connections: options.connections, requests };
  let passed = false;
  try {
    let rate = options.rate;
    if (!rate) {
      const measured = await runLoad({ ...load, duration: 10 });
      rate = Math.round(measured.requests.average * LOAD_SHARE);
      console.log(`Throughput of the browsing: ${Math.round(measured.requests.average)} req/s (${failures(measured)} failures); soak at ${rate} req/s`);
    }

    const durationMs = options.minutes * 60_000;
    // The first minute warms up (JIT, caches, pools); a short trial run counts its first half.
    const warmUpMs = Math.min(60_000, durationMs / 2);
    const windowMs = Math.min(60_000, (durationMs - warmUpMs) / 2);
    const started = Date.now();
    const samples: Array<{ 'at s': number; 'RSS MB': number }> = [];
    const sampler = setInterval(() => samples.push({ 'at s': Math.round((Date.now() - started) / 1000), 'RSS MB': memoryMb(api.process.pid!).rss }), SAMPLE_EVERY_MS);
    const result = await runLoad({ ...load, duration: options.minutes * 60, overallRate: rate });
    clearInterval(sampler);
    console.table(samples);

    // One sample can catch the heap just before a collection: compare the medians of a window after the warm-up and of the last one.
    const medianRss = (fromMs: number, toMs: number) => median(samples.filter((sample) => sample['at s'] * 1000 >= fromMs && sample['at s'] * 1000 <= toMs).map((sample) => sample['RSS MB']));
    const afterWarmUp = medianRss(warmUpMs, warmUpMs + windowMs);
    const atEnd = medianRss(durationMs - windowMs, durationMs);
    const growth = atEnd / afterWarmUp - 1;
    const memoryFlat = growth <= RSS_GROWTH_LIMIT;
    console.log(
      `${options.minutes} min at ${rate} req/s: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    if (result.requests.average < rate * 0.95) console.log(`The API answered fewer requests than were sent: the machine was busier than during the measurement`);
    console.log(`Errors: ${result.errors}, timeouts: ${result.timeouts}, non-2xx: ${result.non2xx}`);
    console.log(
      `RSS after warm-up (median of ${warmUpMs / 1000}–${(warmUpMs + windowMs) / 1000} s): ${afterWarmUp} MB; ` +
        `at the end (median of the last ${windowMs / 1000} s): ${atEnd} MB ` +
        `(${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %, limit +${RSS_GROWTH_LIMIT * 100} %); peak ${memoryMb(api.process.pid!).peak} MB`,
    );
    passed = failures(result) === 0 && memoryFlat;
    console.log(passed ? 'Soak passed' : 'Soak FAILED');
  } finally {
    await api.stop();
  }
  process.exit(passed ? 0 : 1);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
