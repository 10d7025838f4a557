import { DataSource } from 'typeorm';
import { loadConfig } from '../config/config.schema';
import { dataSourceOptions } from './data-source-options';

/** Any number to name our advisory lock; it keeps two processes from migrating at once. */
const MIGRATION_LOCK_ID = 7_120_998;

export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lockRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await lockRunner.release();
  }
}

export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: 2 }));
  await dataSource.initialize();
  try {
    return await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  migrateDatabase(loadConfig().DATABASE_URL)
    .then((applied) => console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date'))
    .catch((error: Error) => {
      console.error(`Migration failed: ${error.message}`);
      process.exit(1);
    });
}
