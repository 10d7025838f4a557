// Starts the built API and workers on a database of the bench's own, for benchmarks and drills.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { API_NODE_ARGS } from '../../scripts/api-command.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const requireFromBackend = createRequire(join(root, 'backend/package.json'));
/** The API seals SMS texts and the workers open them: one key for both, as production configures it. */
const SMS_SECRET_KEY = process.env.SMS_SECRET_KEY || randomBytes(32).toString('base64');
const IMEI_SECRET_KEY = process.env.IMEI_SECRET_KEY || randomBytes(32).toString('base64');

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

/** Drops the database if it exists and creates it empty. */
export async function recreateDatabase(name) {
  const { Client } = requireFromBackend('pg');
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
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

/** Stops the run unless the named parts (by default all) are built. */
export function requireBuild(built = ['backend/dist/main.js', 'workers/dist/main.js', 'frontend/dist/index.html']) {
  if (!built.every((file) => existsSync(join(root, file)))) {
    console.error(`The production build is missing (${built.join(', ')}): run \`npm run build\` first.`);
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

/**
 * Starts the API from the build; answers its base URL, its process, and a stop function.
 * `nodeArgs` go to Node itself (e.g. --trace-gc); `onOutputLine` reads the API's standard output.
 */
export async function startApi(env, { nodeArgs = [], onOutputLine } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const api = spawn(process.execPath, [...nodeArgs, ...API_NODE_ARGS], {
    cwd: root,
    // Card payments go to the sandbox gateway: a production API refuses to start without one or Payme.
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: baseUrl, PORT: String(port), PAYMENTS_SANDBOX: 'true', SMS_SECRET_KEY, IMEI_SECRET_KEY, ...env },
    stdio: ['ignore', onOutputLine ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onOutputLine) createInterface({ input: api.stdout }).on('line', onOutputLine);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`The API exited with code ${api.exitCode}`);
    if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, process: api, stop: () => stop(api) };
}

/**
 * Starts the workers from the build (PUBLIC_URL must be the API's); answers once their queues run.
 * What they log from then on (at LOG_LEVEL, `warn` by default) goes to the bench's standard error.
 */
export async function startWorkers(env) {
  const workers = spawn(process.execPath, ['workers/dist/main.js'], {
    cwd: root,
    // The workers re-check unsettled card payments with the API's card gateway: the sandbox, as the API's.
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PAYMENTS_SANDBOX: 'true', SMS_SECRET_KEY, IMEI_SECRET_KEY, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The workers did not start within 60 s')), 60_000);
    workers.once('exit', (code) => reject(new Error(`The workers exited with code ${code}`)));
    let running = false;
    createInterface({ input: workers.stdout }).on('line', (line) => {
      if (running) return void process.stderr.write(`workers: ${line}\n`);
      if (!line.includes('Workers running')) return;
      running = true;
      clearTimeout(timer);
      resolve();
    });
  });
  return { process: workers, stop: () => stop(workers) };
}

function stop(child) {
  return new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))));
}
