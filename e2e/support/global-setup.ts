import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, uniqueRunId } from '../../test/support/database';
import { TEST_ADMIN_PHONES } from './admins';
import { startFakes, type RunningFakes } from './fakes';
import { startStack } from './stack';

declare global {
  var e2eProcesses: ChildProcess[] | undefined;
  var e2eFakes: RunningFakes | undefined;
}

/** Starts the stack once for the run; the test workers find it through the variables set here (fixtures.ts). */
export default async function globalSetup(): Promise<void> {
  const runId = uniqueRunId();
  process.env.E2E_DATABASE_NAME = `market_e2e_${runId}`;
  process.env.E2E_QUEUE_PREFIX = `e2e_${runId}`;
  const databaseUrl = await createTestDatabase(process.env.E2E_DATABASE_NAME);
  const fakes = await startFakes();
  globalThis.e2eFakes = fakes;
  process.env.E2E_FAKES_URL = fakes.url;
  process.env.E2E_FRONTEND_DIST = join(tmpdir(), `market_e2e_${runId}_frontend`);
  const stack = await startStack(
    {
      DATABASE_URL: databaseUrl,
      QUEUE_PREFIX: process.env.E2E_QUEUE_PREFIX,
      ADMIN_PHONES: Object.values(TEST_ADMIN_PHONES).join(','),
      // The tests' browsers send each test's own address (fixtures.ts), as a proxy in front of the API would.
      TRUST_PROXY: 'loopback',
      ...fakes.env,
    },
    process.env.E2E_FRONTEND_DIST,
  );
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.E2E_DATABASE_URL = databaseUrl;
  globalThis.e2eProcesses = stack.processes;
}
