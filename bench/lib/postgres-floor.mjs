// PostgreSQL's own time per request of a traffic class: the floor under the API's latency. The
// server logs the duration of every statement of the bench database's new sessions while an API of
// its own answers sample requests one at a time; a marker statement of the bench before each
// request cuts the log into requests. (pg_stat_statements would need a server restart to load.)
import { existsSync, openSync, readSync, statSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { databaseUrl, root } from './stack.mjs';

const { Client } = createRequire(join(root, 'backend/package.json'))('pg');
const MARKER = 'bench-floor-request';

/** The server's log file as this machine keeps it: BENCH_POSTGRES_LOG, the logging collector's, or Debian's. */
async function serverLogFile(client) {
  if (process.env.BENCH_POSTGRES_LOG) return process.env.BENCH_POSTGRES_LOG;
  const { rows: [{ file, directory, version }] } = await client.query(
    `SELECT pg_current_logfile() AS file, current_setting('data_directory') AS directory, current_setting('server_version_num')::int / 10000 AS version`,
  );
  const candidates = [file && (file.startsWith('/') ? file : join(directory, file)), `/var/log/postgresql/postgresql-${version}-main.log`];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

function readFrom(path, offset) {
  const length = statSync(path).size - offset;
  const buffer = Buffer.alloc(Math.max(0, length));
  const descriptor = openSync(path, 'r');
  try {
    readSync(descriptor, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(descriptor);
  }
  return buffer.toString('utf8');
}

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];

/**
 * For each class `{ name, nextPath }`: `warmUp` requests, then `samples` requests one at a time, each
 * preceded by a marker. Answers a Map from class name to `{ meanMs, p50Ms, p99Ms, statements }` (PostgreSQL's
 * time per request: the logged durations of its statements, parse, bind and execute summed), or
 * undefined with the reason when the server's log cannot be read.
 */
export async function postgresFloor({ database, startApi, classes, samples = 200, warmUp = 50, secondsPerClass = 20 }) {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  const logFile = await serverLogFile(client);
  if (!logFile) {
    await client.end();
    return { reason: 'the PostgreSQL log is not readable here (set BENCH_POSTGRES_LOG)' };
  }
  const startOffset = statSync(logFile).size;
  let api;
  const reset = () => client.query(`ALTER DATABASE ${database} RESET log_min_duration_statement`);
  // A run interrupted here would leave the database logging every statement.
  const interrupted = () => {
    api?.process.kill();
    reset().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  // Every new session of the bench database logs each statement with its duration, until RESET below.

  const marks = [];
  await client.query(`ALTER DATABASE ${database} SET log_min_duration_statement = 0`);
  try {
    // This session began before the setting: it logs its markers by its own.
    await client.query('SET log_min_duration_statement = 0');
    api = await startApi();
    // A marker is a statement without parameters: one log line (the simple protocol), where the API's
    // statements with parameters log parse, bind and execute.
    const mark = async (name) => {
      await client.query(`SELECT '${MARKER}'`);
      marks.push(name);
    };
    for (const { name, nextPath } of classes) {
      await mark(undefined);
      const warmedUp = Date.now() + 5_000;
      for (let index = 0; index < warmUp && Date.now() < warmedUp; index++) await fetch(`${api.baseUrl}${nextPath()}`).then((response) => response.arrayBuffer());
      const deadline = Date.now() + secondsPerClass * 1000;
      for (let index = 0; index < samples && Date.now() < deadline; index++) {
        await mark(name);
        await fetch(`${api.baseUrl}${nextPath()}`).then((response) => response.arrayBuffer());
      }
    }
    await mark(undefined);
  } finally {
    await reset();
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    await client.end();
    await api?.stop();
  }

  // Lines of this database: `… user@database LOG:  duration: 0.123 ms  execute <unnamed>: SELECT …`.
  const duration = new RegExp(`@${database} LOG:  duration: ([\\d.]+) ms  (?:statement|parse|bind|execute)`);
  const perRequest = marks.map(() => ({ ms: 0, statements: 0 }));
  let current = -1;
  for (const line of readFrom(logFile, startOffset).split('\n')) {
    const match = duration.exec(line);
    if (!match) continue;
    if (line.includes(MARKER)) {
      current++;
      continue;
    }
    if (current < 0 || current >= perRequest.length) continue;
    perRequest[current].ms += Number(match[1]);
    if (/ (statement|execute)/.test(line.slice(match.index))) perRequest[current].statements++;
  }
  const floors = new Map();
  for (const { name } of classes) {
    const requests = perRequest.filter((_, index) => marks[index] === name);
    const times = requests.map(({ ms }) => ms).sort((a, b) => a - b);
    floors.set(name, {
      requests: times.length,
      meanMs: times.reduce((sum, ms) => sum + ms, 0) / times.length,
      p50Ms: percentile(times, 0.5),
      p99Ms: percentile(times, 0.99),
      statements: requests.reduce((sum, { statements }) => sum + statements, 0) / requests.length,
    });
  }
  return { floors };
}
