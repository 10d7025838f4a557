import type { Config } from 'jest';
import { cloneTestDatabase, createTestDatabase, uniqueRunId, workerDatabaseName } from './support/database';

/**
 * Each run gets its own database and queue prefix, created here and dropped in the
 * teardown, so two runs on one machine never see each other's rows or jobs. Each of the
 * run's jest workers then gets a copy of its own (test/worker-database.ts): test files
 * running side by side shared one database before, and one file's rows, seeds and jobs
 * broke another's assertions now and then (CI failed so in devices.spec and
 * listings-phone-identity.spec).
 */
export default async function globalSetup(globalConfig: { maxWorkers: Config['maxWorkers'] }): Promise<void> {
  const runId = uniqueRunId();
  process.env.TEST_DATABASE_NAME = `market_test_${runId}`;
  process.env.QUEUE_PREFIX = `test_${runId}`;
  process.env.LOG_LEVEL ??= 'silent';
  process.env.DATABASE_URL = await createTestDatabase(process.env.TEST_DATABASE_NAME);
  const workers = Number(globalConfig.maxWorkers) || 1;
  process.env.TEST_WORKERS = String(workers);
  for (let worker = 1; worker <= workers; worker++) await cloneTestDatabase(process.env.TEST_DATABASE_NAME, workerDatabaseName(worker));
}
