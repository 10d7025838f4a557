// Checks that PostgreSQL and Redis answer before anything starts, and says how to fix it if not.
import net from 'node:net';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/telefon_bozor';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

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

/** Exits non-zero with the exact fix when PostgreSQL or Redis is unreachable. */
export async function requireServices(env = process.env) {
  const databaseUrl = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const redisUrl = env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const problems = [];
  if (!(await reachable(databaseUrl, 5432))) problems.push(`PostgreSQL is unreachable at ${redact(databaseUrl)}`);
  if (!(await reachable(redisUrl, 6379))) problems.push(`Redis is unreachable at ${redact(redisUrl)}`);
  if (problems.length === 0) return { databaseUrl, redisUrl };
  console.error(problems.join('\n'));
  console.error('Fix: run `docker compose up -d` to start them, or set DATABASE_URL / REDIS_URL to running servers.');
  process.exit(1);
}
