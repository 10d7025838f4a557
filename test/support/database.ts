import { Client } from 'pg';
import { migrateDatabase } from '../../backend/src/database/migrate';

const serverUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates and migrates a database of its own for one test run; answers its URL. */
export async function createTestDatabase(databaseName: string): Promise<string> {
  const admin = new Client({ connectionString: serverUrl() });
  await admin.connect().catch((error: Error) => {
    throw new Error(`PostgreSQL is unreachable at ${serverUrl()} (${error.message}): start it or set TEST_POSTGRES_URL`);
  });
  try {
    await admin.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = databaseUrlOf(databaseName);
  await migrateDatabase(databaseUrl);
  return databaseUrl;
}

/** Creates `databaseName` as a copy of the migrated database `template` (no connection may be open to it). */
export async function cloneTestDatabase(template: string, databaseName: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
}

export function databaseUrlOf(databaseName: string): string {
  const databaseUrl = new URL(serverUrl());
  databaseUrl.pathname = `/${databaseName}`;
  return databaseUrl.toString();
}

/** The database of the run's jest worker `worker` (1, 2, ...). */
export function workerDatabaseName(worker: number): string {
  return `${process.env.TEST_DATABASE_NAME}_w${worker}`;
}

export async function dropTestDatabase(databaseName: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A name unique to this run, so two runs on one machine never collide. */
export function uniqueRunId(): string {
  return `${Date.now().toString(36)}_${process.pid}`;
}

/**
 * A database of one test file's own, for files that run an outbox relay or empty the outbox:
 * a relay would otherwise take the events other files running at the same time expect to see.
 */
export async function ownTestDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${process.env.TEST_DATABASE_NAME}_${label}`;
  const url = await createTestDatabase(name);
  return { url, drop: () => dropTestDatabase(name) };
}
