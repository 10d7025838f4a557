import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { escapeLiteral, type Pool } from 'pg';
import { DataSource, QueryFailedError, type DataSourceOptions } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { AppException } from '../common/app.exception';
import type { Config } from '../config/config.schema';

/** The name of the connection pool of public reads (TypeORM's named data source). */
export const PUBLIC_READS = 'public-reads';

/**
 * A public read that takes longer is cancelled by PostgreSQL: the visitor gets a 503 at once,
 * and the connection is free for the next request. Every public page is planned to answer in
 * milliseconds; only a query gone wrong, or a machine far beyond its capacity, reaches this.
 */
export const PUBLIC_READ_TIMEOUT_MS = 2_000;

/** PostgreSQL cancelled the statement (`statement_timeout`). */
const QUERY_CANCELED = '57014';

/**
 * The pool of public reads: the feed, a listing's detail, the catalogue's matches. A pool of its
 * own (DATABASE_POOL_SIZE connections, as the main one) keeps a flood of visitors from taking
 * every connection that sign-ins, payments and moderation need, and its sessions carry the
 * statement timeout. No JIT compilation or parallel workers either: each of these queries
 * touches a few index pages, and on a small machine a parallel plan only takes cores from the
 * requests running beside it. A prepared text keeps one plan for every value (`plan_cache_mode`):
 * left to choose, PostgreSQL planned a name search afresh at every request, because the one plan's
 * estimate (a LIMIT of unknown size) looked dearer than the plans for given values, the same plan
 * (bench/RESULTS.md: planning was 0.3 ms of a 0.5 ms name search).
 */
export function publicReadsOptions(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): DataSourceOptions {
  return {
    name: PUBLIC_READS,
    type: 'postgres',
    url: config.DATABASE_URL,
    extra: {
      max: config.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: 3_000,
      statement_timeout: PUBLIC_READ_TIMEOUT_MS,
      options: '-c jit=off -c max_parallel_workers_per_gather=0 -c default_transaction_read_only=on -c plan_cache_mode=force_generic_plan',
    },
  };
}

/**
 * Reads for public pages, through the pool of public reads. A query may be `prepared`: each
 * connection then parses and plans its text once and runs it again with new values, which for
 * the feed's and a listing's small index lookups costs less than planning them afresh (planning
 * took more than running them: 0.3 and 1.4 ms against 0.2 ms). Only texts whose best plan does
 * not depend on the values should be: PostgreSQL keeps one plan for all of them. Any other query
 * is sent with its values in its text, so that it is planned for them.
 */
@Injectable()
export class PublicReads {
  private readonly statementNames = new Map<string, string>();

  constructor(@InjectDataSource(PUBLIC_READS) private readonly dataSource: DataSource) {}

  async query<Row>(sql: string, params: unknown[] = [], { prepared = false } = {}): Promise<Row[]> {
    try {
      if (!prepared) return (await this.dataSource.query(withValues(sql, params))) as Row[];
      const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
      return (await pool.query({ name: this.statementName(sql), text: sql, values: params })).rows as Row[];
    } catch (error) {
      const driverError = error instanceof QueryFailedError ? error.driverError : error;
      if ((driverError as { code?: string }).code === QUERY_CANCELED) throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, 'serviceUnavailable');
      throw error;
    }
  }

  /** One name per text, the same on every connection (each prepares it on first use). */
  private statementName(sql: string): string {
    let name = this.statementNames.get(sql);
    if (!name) this.statementNames.set(sql, (name = `public-read-${this.statementNames.size + 1}`));
    return name;
  }
}

/** `sql` with each `$n` replaced by the n-th value as a constant, escaped as node-postgres escapes it. */
function withValues(sql: string, params: unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_placeholder, place: string) => {
    const index = Number(place) - 1;
    if (index >= params.length) throw new Error(`No value for $${place}`);
    return constant(params[index]);
  });
}

function constant(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' && Number.isFinite(value)) return `(${value})`;
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return escapeLiteral(`{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  return escapeLiteral(String(value));
}
