import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { LOOPBACK_ONLY } from '../../test/support/config';

const root = join(__dirname, '../..');

export const BUILT_ENTRY_POINTS = {
  api: join(root, 'backend/dist/main.js'),
  workers: join(root, 'workers/dist/main.js'),
  frontend: join(root, 'frontend/dist/index.html'),
};

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startProcess(entry: string, env: NodeJS.ProcessEnv, label: string): ChildProcess {
  const child = spawn(process.execPath, [entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}] `;
  child.stdout!.on('data', (chunk: Buffer) => process.env.E2E_VERBOSE && process.stdout.write(prefix + chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(prefix + chunk.toString()));
  return child;
}

async function waitForHealth(baseUrl: string, api: ChildProcess): Promise<void> {
  const healthy = async () => {
    if (api.exitCode !== null) throw new Error(`The API exited with code ${api.exitCode} during start-up`);
    return fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false);
  };
  await expect.poll(healthy, { message: `The API did not become healthy at ${baseUrl}`, timeout: 60_000, intervals: [200] }).toBe(true);
}

/** Starts the built API (serving a copy of the built frontend, made at `frontendDist`) and the workers, as `npm start` does. */
export async function startStack(env: NodeJS.ProcessEnv, frontendDist: string): Promise<{ baseUrl: string; processes: ChildProcess[] }> {
  for (const [part, file] of Object.entries(BUILT_ENTRY_POINTS)) {
    if (!existsSync(file)) throw new Error(`The ${part} is not built (${file}); run npm run build first`);
  }
  // The run serves the frontend as built when it started: a build meanwhile would delete the chunks its pages load.
  await cp(dirname(BUILT_ENTRY_POINTS.frontend), frontendDist, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Browser tests change data and look at it at once: public answers are not reused between requests.
  // The browser tests pay with the sandbox gateway's test cards, which production serves only when asked (the
  // workers, which re-check unsettled payments, take the same card gateway as the API).
  const shared = {
    NODE_ENV: 'production',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    PUBLIC_CACHE_TTL_MS: '0',
    PAYMENTS_SANDBOX: 'true',
    ...LOOPBACK_ONLY,
    ...env,
  };
  const api = startProcess(BUILT_ENTRY_POINTS.api, { ...shared, FRONTEND_DIST: frontendDist, PORT: String(port) }, 'api');
  const workers = startProcess(BUILT_ENTRY_POINTS.workers, shared, 'workers');
  await waitForHealth(baseUrl, api);
  return { baseUrl, processes: [api, workers] };
}
