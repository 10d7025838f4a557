// Makes sure PostgreSQL and Redis answer before anything starts: a local server that is not running
// is started when this machine can start it, otherwise the exact fix is printed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import net from 'node:net';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/telefon_bozor';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const START_WAIT_MS = 30_000;

function reachable(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort), timeout: 3000 });
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Runs a command quietly; true when it exists and succeeds. */
function succeeds(command, args) {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

function debianClusters() {
  try {
    return readdirSync('/etc/postgresql');
  } catch {
    return [];
  }
}

/** The ways this machine may start each service, tried in order: the local server's own tools, then Docker Compose. */
const STARTERS = {
  PostgreSQL: () => [
    // Debian's clusters, as on this project's machines and in CI: /etc/postgresql/<version>/main.
    () => debianClusters().some((version) => succeeds('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'])),
    () => succeeds('docker', ['compose', 'up', '-d', 'postgres']),
  ],
  Redis: (url) => [
    () => succeeds('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', new URL(url).port || '6379', '--save', '', '--appendonly', 'no']),
    () => succeeds('docker', ['compose', 'up', '-d', 'redis']),
  ],
};

async function waitUntilReachable(url, defaultPort) {
  const deadline = Date.now() + START_WAIT_MS;
  while (Date.now() < deadline) {
    if (await reachable(url, defaultPort)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** Reachable, or started here when it is a local server this machine knows how to start. */
async function ensureRunning(name, url, defaultPort) {
  if (await reachable(url, defaultPort)) return true;
  if (!LOCAL_HOSTS.has(new URL(url).hostname)) return false;
  for (const start of STARTERS[name](url)) {
    if (!start()) continue;
    console.log(`Started ${name} for ${redact(url)}`);
    if (await waitUntilReachable(url, defaultPort)) return true;
  }
  return false;
}

/** Exits non-zero with the exact fix when PostgreSQL or Redis is unreachable and could not be started. */
export async function requireServices(env = process.env) {
  const databaseUrl = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const redisUrl = env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const problems = [];
  if (!(await ensureRunning('PostgreSQL', databaseUrl, 5432))) problems.push(`PostgreSQL is unreachable at ${redact(databaseUrl)}`);
  if (!(await ensureRunning('Redis', redisUrl, 6379))) problems.push(`Redis is unreachable at ${redact(redisUrl)}`);
  if (problems.length === 0) return { databaseUrl, redisUrl };
  console.error(problems.join('\n'));
  console.error('Fix: run `docker compose up -d postgres redis` to start them, or set DATABASE_URL / REDIS_URL to running servers.');
  process.exit(1);
}
