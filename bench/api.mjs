// `npm run bench:api [-- --part cached|long-tail]`: autocannon on loopback against the production
// build with the bench:data database, compared with a bare node:http server answering the same
// bytes as the home list (the ceiling, measured first in the same run).
// - cached: one URL per endpoint, repeated: what the public answer cache replays.
// - long-tail (issue 17): per class, each request a different URL drawn from the whole data set,
//   then a realistic mix (Zipf popularity); for each class PostgreSQL's own time per request
//   (the floor), measured afterwards one request at a time.
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { parseArgs } from './lib/args.mjs';
import { memoryMb, runLoad } from './lib/load.mjs';
import { drawnRequests, longTailTraffic } from './lib/long-tail.mjs';
import { postgresFloor } from './lib/postgres-floor.mjs';
import { publicEndpoints } from './lib/public-endpoints.mjs';
import { databaseUrl, freePort, requireBuild, startApi } from './lib/stack.mjs';

const { database, connections, duration, part, samples } = parseArgs({ database: 'market_bench', connections: 50, duration: 10, part: 'all', samples: 200 });
if (!['all', 'cached', 'long-tail'].includes(part)) throw new Error(`--part is all, cached or long-tail, not ${part}`);
const WARM_UP_SECONDS = 3;
const load = (options) => runLoad({ connections, duration, pipelining: 1, ...options });
const load1 = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const failures = (result) => result.errors + result.non2xx + result.timeouts;
const ratio = (result, ceiling) => `${((result.requests.average / ceiling.requests.average) * 100).toFixed(1)} %`;

requireBuild(['backend/dist/main.js', 'frontend/dist/index.html']);
const endpoints = part === 'long-tail' ? [] : await publicEndpoints(database);
const traffic = part === 'cached' ? undefined : await longTailTraffic(database);
// Sitemap files last: a crawler's megabytes take the CPU for a while after its requests end.
const trafficClasses = traffic
  ? [...traffic.classes.filter((cls) => !cls.sitemap), { name: 'realistic mix (Zipf popularity)', nextPath: traffic.mix }, ...traffic.classes.filter((cls) => cls.sitemap)]
  : [];
const apiEnv = { DATABASE_URL: databaseUrl(database) };
console.log(`Load average (1, 5, 15 min) at the start: ${load1()}`);
const api = await startApi(apiEnv);

// The ceiling: the same bytes as the home list, from a server that does nothing else.
const homeBody = Buffer.from(await fetch(`${api.baseUrl}/api/phone?page=1`).then((response) => response.arrayBuffer()));
const ceilingPort = await freePort();
const ceiling = createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': homeBody.length });
  response.end(homeBody);
});
await new Promise((resolve) => ceiling.listen(ceilingPort, '127.0.0.1', resolve));

let ceilingResult;
let sitemapCeiling;
const cachedRows = [];
const longTailRows = [];
try {
  ceilingResult = await load({ url: `http://127.0.0.1:${ceilingPort}/` });
  if (traffic) sitemapCeiling = await sitemapBytesCeiling();
  for (const [name, path] of endpoints) {
    const result = await load({ url: `${api.baseUrl}${path}` });
    cachedRows.push({
      endpoint: name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: failures(result),
      'vs ceiling': ratio(result, ceilingResult),
    });
  }
  if (traffic) {
    for (const { name, nextPath, headers } of trafficClasses) {
      // Each class warms up first, uncounted: its shared work (the anchors of deep pages, the
      // catalogue's matches) is done once per process and then kept, as on a server that runs.
      await load({ url: api.baseUrl, requests: drawnRequests(nextPath, headers), duration: WARM_UP_SECONDS });
      const result = await load({ url: api.baseUrl, requests: drawnRequests(nextPath, headers) });
      longTailRows.push({
        traffic: name,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        errors: failures(result),
        'vs ceiling': ratio(result, ceilingResult),
        'KB/answer': Math.round(result.throughput.total / Math.max(1, result.requests.total) / 1024),
        statuses: Object.entries(result.statusCodeStats).map(([status, { count }]) => `${status}×${count}`).join(' '),
      });
    }
  }
} finally {
  ceiling.close();
  console.log(`API peak RSS: ${memoryMb(api.process.pid).peak} MB`);
  await api.stop();
}

/** A sitemap file is megabytes: the same bare server answering one file's gzipped bytes shows what the bytes alone allow. */
async function sitemapBytesCeiling() {
  const body = gzipSync(Buffer.from(await fetch(`${api.baseUrl}/sitemap-1.xml`).then((response) => response.arrayBuffer())));
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Encoding': 'gzip', 'Content-Length': body.length });
    response.end(body);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  try {
    return { bytes: body.length, result: await load({ url: `http://127.0.0.1:${port}/` }) };
  } finally {
    server.close();
  }
}

const ceilingRow = (label) => ({
  [label]: 'ceiling: bare node:http, the home list\'s bytes',
  'req/s': Math.round(ceilingResult.requests.average),
  'p50 ms': ceilingResult.latency.p50,
  'p99 ms': ceilingResult.latency.p99,
  errors: failures(ceilingResult),
  'vs ceiling': '100 %',
});
console.log(`${connections} connections, ${duration} s per row, database ${database}`);
if (cachedRows.length) {
  console.log('One URL per endpoint, repeated (answered by the public answer cache):');
  console.table([...cachedRows, ceilingRow('endpoint')]);
}
if (traffic) {
  const header = `The long tail (${traffic.counts.listings} listings on sale, ${traffic.counts.feedPages} feed pages, ${traffic.counts.sitemapFiles} sitemap files), each request a different URL:`;
  console.log(header);
  console.table([
    ...longTailRows,
    ceilingRow('traffic'),
    {
      traffic: `bare node:http answering one sitemap file's ${(sitemapCeiling.bytes / 1e6).toFixed(1)} MB (gzipped)`,
      'req/s': Math.round(sitemapCeiling.result.requests.average),
      'p50 ms': sitemapCeiling.result.latency.p50,
      'p99 ms': sitemapCeiling.result.latency.p99,
      errors: failures(sitemapCeiling.result),
      'vs ceiling': ratio(sitemapCeiling.result, ceilingResult),
    },
  ]);
  const { floors, reason } = await postgresFloor({ database, startApi: () => startApi(apiEnv), classes: trafficClasses, samples });
  if (floors) {
    console.log(`PostgreSQL's own time per request (the floor): up to ${samples} requests of each class one at a time, the durations the server logged for their statements.`);
    console.table(
      [...floors].map(([name, floor]) => ({
        traffic: name,
        requests: floor.requests,
        'statements/request': floor.statements.toFixed(1),
        'PG ms mean': floor.meanMs.toFixed(2),
        'PG ms p50': floor.p50Ms.toFixed(2),
        'PG ms p99': floor.p99Ms.toFixed(2),
      })),
    );
  } else console.log(`PostgreSQL's own time not measured: ${reason}.`);
}
console.log(`Load average (1, 5, 15 min) at the end: ${load1()}`);
