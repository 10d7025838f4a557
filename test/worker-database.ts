import { databaseUrlOf, workerDatabaseName } from './support/database';

// Runs in each jest worker before its test files: the worker's own database and queues (global-setup.ts).
const worker = Number(process.env.JEST_WORKER_ID ?? 1);
process.env.DATABASE_URL = databaseUrlOf(workerDatabaseName(worker));
process.env.QUEUE_PREFIX = `${process.env.QUEUE_PREFIX}_w${worker}`;
