import type { DataSourceOptions } from 'typeorm';
import type { Config } from '../config/config.schema';
import { MIGRATIONS } from './migrations';

export function dataSourceOptions(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    extra: {
      max: config.DATABASE_POOL_SIZE,
      // Fail fast when PostgreSQL is gone or the pool is exhausted instead of hanging requests.
      connectionTimeoutMillis: 3_000,
      statement_timeout: 15_000,
    },
  };
}
