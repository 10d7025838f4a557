import { Client } from 'pg';
import { migrateDatabase } from '../backend/src/database/migrate';

/**
 * Each run gets its own database and queue prefix, created here and dropped in the
 * teardown, so two runs on one machine never see each other's rows or jobs.
 */
export default async function globalSetup(): Promise<void> {
  const serverUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const databaseName = `market_test_${runId}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect().catch((error: Error) => {
    throw new Error(`PostgreSQL is unreachable at ${serverUrl} (${error.message}): start it or set TEST_POSTGRES_URL`);
  });
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();

  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  process.env.DATABASE_URL = databaseUrl.toString();
  process.env.QUEUE_PREFIX = `test_${runId}`;
  process.env.TEST_DATABASE_NAME = databaseName;
  process.env.LOG_LEVEL ??= 'silent';
  await migrateDatabase(process.env.DATABASE_URL);
}
