// What `npm start` and `npm run dev` both need before the API and the workers run: PostgreSQL and
// Redis up, the database created, and the environment both processes share.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireServices } from './services.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command to its end in the project's folder; its failure ends this script with its status. */
export function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function createDatabaseIfMissing(databaseUrl) {
  const { Client } = createRequire(join(root, 'backend/package.json'))('pg');
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  const client = new Client({ connectionString: server.toString() });
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rowCount === 0) {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    console.log(`Created database ${name}`);
  }
  await client.end();
}

/** The services checked (or started), the database created, and the environment of the API and the workers. */
export async function prepareEnvironment({ serveFrontend }) {
  const { databaseUrl, redisUrl } = await requireServices();
  await createDatabaseIfMissing(databaseUrl);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: process.env.PORT ?? '3000',
    SERVE_FRONTEND: String(serveFrontend),
  };
  // The API seals SMS texts and the workers open them: without a configured key both get this run's
  // (production has to configure one). An SMS still waiting at the next start is then not sent.
  if (!env.SMS_SECRET_KEY && env.NODE_ENV !== 'production') env.SMS_SECRET_KEY = randomBytes(32).toString('base64');
  return env;
}

/** Starts the processes together; when one ends, the others are stopped, and Ctrl+C stops them all. */
export function runTogether(children) {
  for (const child of children) {
    child.on('exit', (code) => {
      for (const other of children) if (other !== child && other.exitCode === null) other.kill('SIGTERM');
      process.exitCode = code ?? 1;
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => children.forEach((child) => child.kill('SIGTERM')));
  }
}
