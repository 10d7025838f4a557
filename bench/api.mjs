// `npm run bench:api`: autocannon on loopback against the production build with the bench:data
// database; each endpoint's throughput and latency, the API's peak RSS, and the ratio to a bare
// node:http server answering the same bytes as the home list (the ceiling).
import { createServer } from 'node:http';
import { parseArgs } from './lib/args.mjs';
import { memoryMb, runLoad } from './lib/load.mjs';
import { publicEndpoints } from './lib/public-endpoints.mjs';
import { databaseUrl, freePort, requireBuild, startApi } from './lib/stack.mjs';

const { database, connections, duration } = parseArgs({ database: 'market_bench', connections: 50, duration: 10 });
const load = (url) => runLoad({ url, connections, duration, pipelining: 1 });

requireBuild();
const endpoints = await publicEndpoints(database);
const api = await startApi({ DATABASE_URL: databaseUrl(database) });

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
  console.log(`API peak RSS: ${memoryMb(api.process.pid).peak} MB`);
} finally {
  ceiling.close();
  await api.stop();
}
