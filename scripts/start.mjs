// `npm start`: install what is missing, build, create and migrate the database, then run
// the API (serving the app) and the workers together until Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_ARGS } from './api-command.mjs';
import { requireServices } from './services.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '3000';

function run(command, args, env = process.env) {
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

if (!existsSync(join(root, 'node_modules/.package-lock.json'))) run('npm', ['install', '--no-audit', '--no-fund']);
const { databaseUrl, redisUrl } = await requireServices();
run('npm', ['run', 'build']);
await createDatabaseIfMissing(databaseUrl);

const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, PORT: port, SERVE_FRONTEND: 'true' };
// The API seals SMS texts and the workers open them: without a configured key both get this run's
// (production has to configure one). An SMS still waiting at the next start is then not sent.
if (!env.SMS_SECRET_KEY && env.NODE_ENV !== 'production') env.SMS_SECRET_KEY = randomBytes(32).toString('base64');
run(process.execPath, ['backend/dist/database/migrate.js'], env);

const children = [
  spawn(process.execPath, API_NODE_ARGS, { cwd: root, env, stdio: 'inherit' }),
  spawn(process.execPath, ['workers/dist/main.js'], { cwd: root, env, stdio: 'inherit' }),
];
for (const child of children) {
  child.on('exit', (code) => {
    for (const other of children) if (other !== child && other.exitCode === null) other.kill('SIGTERM');
    process.exitCode = code ?? 1;
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => children.forEach((child) => child.kill('SIGTERM')));
}

const deadline = Date.now() + 60_000;
while (Date.now() < deadline && children.every((child) => child.exitCode === null)) {
  const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
  if (healthy) {
    console.log(`\nTelefon bozor is running: http://localhost:${port}\n`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}
