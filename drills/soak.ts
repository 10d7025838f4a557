// `npm run drills [-- --minutes 10 --rate N --traffic long-tail|mix]`: the soak drill of issues 9
// and 17. The production API on the bench:data database first takes the traffic as fast as it can
// for 30 s (its throughput, unless --rate gives one), then the same traffic at 70 % of that rate
// for 10 minutes: no error, no timeout, no non-2xx answer, and its memory flat. Exits non-zero
// when either fails. The traffic is bench:api's long tail (bench/lib/long-tail.mjs): each request a
// different URL drawn from the whole data set, its classes in turn; `--traffic mix` replays the
// realistic mix (Zipf popularity) instead.
//
// "Flat" is judged on what a leak grows: the JavaScript heap left after each full collection
// (V8's --trace-gc). RSS is printed too, but it moves with the heap's headroom, which V8 sizes
// to the allocation rate, and with memory freed but not yet returned to the system.
import { LOOPBACK_ONLY } from '../test/support/config';
import { parseArgs } from '../bench/lib/args.mjs';
import { memoryMb, runLoad, type LoadResult } from '../bench/lib/load.mjs';
import { drawnRequests, longTailTraffic } from '../bench/lib/long-tail.mjs';
import { databaseUrl, requireBuild, startApi } from '../bench/lib/stack.mjs';

const options = parseArgs({ database: 'market_bench', minutes: 10, rate: 0, connections: 50, traffic: 'long-tail' });
const LOAD_SHARE = 0.7;
/** Long enough to see the database and caches at work, not only a burst of first answers. */
const MEASURE_SECONDS = 30;
/** The live heap may grow this much after the warm-up, at most. */
const HEAP_GROWTH_LIMIT = 0.1;
const SAMPLE_EVERY_MS = 10_000;
/** How many of the API's warnings and errors the drill prints. */
const MAX_COMPLAINTS_SHOWN = 20;
/** A full collection in --trace-gc's output: `… Mark-Compact 180.2 (210.5) -> 120.3 (205.1) MB, …`. */
const FULL_COLLECTION = /(?:Mark-Compact|Mark-sweep)\s+[\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

/** A crawler reads the sitemap: one file in this many requests (a file is 6.6 MB at a million listings). */
const REQUESTS_PER_SITEMAP_FILE = 1_000;

/**
 * The long tail: any feed page, filters, any model as typed (exactly, with a slip, in Cyrillic or
 * Uzbek Latin) and any listing's detail, one class after the other, each request a different
 * URL, and now and then a sitemap file. The caches see far more URLs than they keep (2,000
 * answers, 5,000 listings), so they are full after the warm-up and the database and the
 * eviction work throughout.
 */
async function soakPaths(database: string, traffic: string): Promise<() => string> {
  const { classes, mix } = await longTailTraffic(database);
  if (traffic === 'mix') return mix;
  if (traffic !== 'long-tail') throw new Error(`--traffic is long-tail or mix, not ${traffic}`);
  const pages = classes.filter((trafficClass) => !trafficClass.sitemap);
  const sitemap = classes.find((trafficClass) => trafficClass.sitemap)!;
  let turn = 0;
  return () => (++turn % REQUESTS_PER_SITEMAP_FILE === 0 ? sitemap : pages[turn % pages.length]).nextPath();
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
  // As a browser or crawler asks: the sitemap files then come as the gzipped bytes the API keeps.
  const requests = drawnRequests(await soakPaths(options.database, options.traffic), { 'accept-encoding': 'gzip' });
  /** The API's own log lines (LOG_LEVEL=warn: its warnings and errors), to tell why a request failed. */
  const apiComplaints: string[] = [];
  /** The heap left by each full collection, with when it happened. */
  const liveHeap: Array<{ at: number; mb: number }> = [];
  const api = await startApi(
    { ...LOOPBACK_ONLY, DATABASE_URL: databaseUrl(options.database) },
    {
      nodeArgs: ['--trace-gc'],
      onOutputLine: (line) => {
        const collection = FULL_COLLECTION.exec(line);
        if (collection) liveHeap.push({ at: Date.now(), mb: Number(collection[1]) });
        else if (line.startsWith('{') && apiComplaints.length < MAX_COMPLAINTS_SHOWN) apiComplaints.push(line);
      },
    },
  );
  const load = { url: api.baseUrl, connections: options.connections, requests };
  let passed = false;
  try {
    let rate = options.rate;
    if (!rate) {
      const measured = await runLoad({ ...load, duration: MEASURE_SECONDS });
      rate = Math.round(measured.requests.average * LOAD_SHARE);
      console.log(`Throughput of the ${options.traffic} traffic: ${Math.round(measured.requests.average)} req/s (${failures(measured)} failures); soak at ${rate} req/s`);
    }

    const durationMs = options.minutes * 60_000;
    // The first 4 minutes warm up: JIT, pools, and the caches filling to their bounds (a short
    // trial run counts its first 40 %). Then a window after the warm-up is compared with the last one.
    const warmUpMs = Math.min(240_000, durationMs * 0.4);
    const windowMs = Math.min(120_000, (durationMs - warmUpMs) / 3);
    const started = Date.now();
    const samples: Array<{ 'at s': number; 'RSS MB': number; 'live heap MB': number | undefined }> = [];
    const sampler = setInterval(
      () => samples.push({ 'at s': Math.round((Date.now() - started) / 1000), 'RSS MB': memoryMb(api.process.pid!).rss, 'live heap MB': liveHeap.at(-1)?.mb }),
      SAMPLE_EVERY_MS,
    );
    const result = await runLoad({ ...load, duration: options.minutes * 60, overallRate: rate });
    clearInterval(sampler);
    console.table(samples);

    const medianHeap = (fromMs: number, toMs: number) =>
      median(liveHeap.filter(({ at }) => at - started >= fromMs && at - started <= toMs).map(({ mb }) => mb));
    const afterWarmUp = medianHeap(warmUpMs, warmUpMs + windowMs);
    const atEnd = medianHeap(durationMs - windowMs, durationMs);
    const growth = atEnd / afterWarmUp - 1;
    const memoryFlat = growth <= HEAP_GROWTH_LIMIT;
    console.log(
      `${options.minutes} min at ${rate} req/s: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    if (result.requests.average < rate * 0.95) console.log(`The API answered fewer requests than were sent: the machine was busier than during the measurement`);
    console.log(`Errors: ${result.errors}, timeouts: ${result.timeouts}, non-2xx: ${result.non2xx}`);
    const otherStatuses = Object.entries(result.statusCodeStats).filter(([status]) => !status.startsWith('2'));
    if (otherStatuses.length) console.log(`Non-2xx answers by status: ${otherStatuses.map(([status, { count }]) => `${status} × ${count}`).join(', ')}`);
    if (apiComplaints.length) console.log(`What the API logged at warn or above (first ${apiComplaints.length}):\n${apiComplaints.join('\n')}`);
    const span = (fromMs: number) => `${fromMs / 1000}–${(fromMs + windowMs) / 1000} s`;
    console.log(
      `Live heap after full collections (${liveHeap.length} in all), median of ${span(warmUpMs)}: ${afterWarmUp} MB; ` +
        `of ${span(durationMs - windowMs)}: ${atEnd} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %, limit +${HEAP_GROWTH_LIMIT * 100} %); ` +
        `RSS at the end ${memoryMb(api.process.pid!).rss} MB, peak ${memoryMb(api.process.pid!).peak} MB`,
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
