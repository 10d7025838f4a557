// Starts the built API (and optionally the workers) on a database of the bench's own, for benchmarks.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const requireFromBackend = createRequire(join(root, 'backend/package.json'));

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function serverUrl() {
  return process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function databaseUrl(name) {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates the database if it does not exist; answers whether it was created. */
export async function ensureDatabase(name) {
  const { Client } = requireFromBackend('pg');
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
    return rowCount === 0;
  } finally {
    await client.end();
  }
}

export function requireBuild() {
  const built = ['backend/dist/main.js', 'workers/dist/workers/src/main.js', 'frontend/dist/index.html'];
  if (!built.every((file) => existsSync(join(root, file)))) {
    console.error('The production build is missing: run `npm run build` first.');
    process.exit(1);
  }
}

export function migrate(url) {
  const result = spawnSync(process.execPath, ['backend/dist/database/migrate.js'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Starts the API from the build; answers its base URL, its process, and a stop function. */
export async function startApi(env) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const api = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: baseUrl, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`The API exited with code ${api.exitCode}`);
    if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    process: api,
    stop: () => new Promise((resolve) => (api.exitCode !== null ? resolve() : (api.once('exit', resolve), api.kill('SIGTERM')))),
  };
}
