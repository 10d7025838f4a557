import { createTestDatabase, uniqueRunId } from './support/database';

/**
 * Each run gets its own database and queue prefix, created here and dropped in the
 * teardown, so two runs on one machine never see each other's rows or jobs.
 */
export default async function globalSetup(): Promise<void> {
  const runId = uniqueRunId();
  process.env.TEST_DATABASE_NAME = `market_test_${runId}`;
  process.env.QUEUE_PREFIX = `test_${runId}`;
  process.env.LOG_LEVEL ??= 'silent';
  process.env.DATABASE_URL = await createTestDatabase(process.env.TEST_DATABASE_NAME);
}
