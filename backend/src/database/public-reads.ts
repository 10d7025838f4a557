import { HttpStatus, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestListener, Server } from 'node:http';
import { escapeLiteral, Pool, type PoolConfig } from 'pg';
import { DataSource, QueryFailedError, type DataSourceOptions } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { carriesSessionCookie } from '../auth/session-cookie';
import { headerSessionTokenOf } from '../auth/session-header';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';
import type { Config } from '../config/config.schema';
import { statementName } from './prepared-statement';

/** The name of the connection pool of public reads (TypeORM's named data source). */
export const PUBLIC_READS = 'public-reads';

/**
 * A public read that takes longer is cancelled by PostgreSQL: the visitor gets a 503 at once,
 * and the connection is free for the next request. Every public page is planned to answer in
 * milliseconds; only a query gone wrong, or a machine far beyond its capacity, reaches this.
 */
export const PUBLIC_READ_TIMEOUT_MS = 2_000;

/**
 * The bound of a public read that walks a whole index rather than a page of it: the sitemap's
 * index, the feed totals' snapshot, a filter's anchors. Each is read once per interval per node
 * and kept, never once per visitor.
 */
export const INDEX_WALK_TIMEOUT_MS = 30_000;

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
  return { name: PUBLIC_READS, type: 'postgres', url: config.DATABASE_URL, extra: publicReadSessions(config) };
}

/** The pool settings of public reads, on the primary and on each replica alike. */
function publicReadSessions(config: Pick<Config, 'DATABASE_POOL_SIZE'>): PoolConfig {
  return {
    max: config.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: 3_000,
    statement_timeout: PUBLIC_READ_TIMEOUT_MS,
    options: '-c jit=off -c max_parallel_workers_per_gather=0 -c default_transaction_read_only=on -c plan_cache_mode=force_generic_plan',
  };
}

/** Set while an anonymous visitor's GET is handled: only such a request may be answered from a replica. */
const anonymousRead = new AsyncLocalStorage<true>();

/**
 * Lets the public reads of anonymous visitors' GETs go to a replica. Everything else reads the
 * primary: writes, a signed-in person's pages (an author or a moderator sees their own change at
 * once, whatever the replicas' lag), and the workers, which read right after the commits they react to.
 */
function readAnonymousGetsFromReplicas(server: Server): void {
  const handlers = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request, response) => {
    const handle = () => {
      for (const handler of handlers) handler(request, response);
    };
    const anonymous = !carriesSessionCookie(request) && !headerSessionTokenOf(request);
    if ((request.method === 'GET' || request.method === 'HEAD') && anonymous) anonymousRead.run(true, handle);
    else handle();
  });
}

/** How often each replica's replay lag is measured. */
const LAG_CHECK_MS = 500;
/** How far back the primary's WAL positions are kept to date a replica's replay. */
const POSITIONS_KEPT = (10 * 60_000) / LAG_CHECK_MS;
/** A WAL position as a number of bytes, to compare. */
const WAL_POSITION = (lsn: string) => `(${lsn} - '0/0'::pg_lsn)::text`;
/**
 * What a replica has replayed (null on a server that is no standby), and the age of the last
 * transaction it replayed by the primary's clock: the primary's next commit came after it, so the
 * replica misses nothing older.
 */
const REPLAYED_SQL = `SELECT ${WAL_POSITION('pg_last_wal_replay_lsn()')} AS replayed,
  extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp())::float8 * 1000 AS last_commit_age_ms`;

/** The primary's WAL position at a moment of this process's clock. */
interface PrimaryPosition {
  at: number;
  lsn: bigint;
}

/** A streaming replica's pool of public reads and its last measured lag (Infinity until measured, or when unreachable). */
class Replica {
  lagMs = Infinity;
  readonly pool: Pool;

  constructor(
    readonly url: string,
    settings: PoolConfig,
  ) {
    this.pool = new Pool({ connectionString: url, ...settings });
    // An idle connection the replica closed (a restart): the next query opens another.
    this.pool.on('error', () => undefined);
  }

  get host(): string {
    return redactedHost(this.url);
  }

  /**
   * The lag is the time since the primary was last at a position this replica has not replayed:
   * dated against the primary's positions (newest last), not against what the replica received,
   * since a replica cut off from its primary has replayed all it received and would look in step.
   * An idle primary has nothing the replica misses: any replica that answers is in step then. The
   * positions are LAG_CHECK_MS apart; on a busy primary the age of the last commit replayed is the
   * closer bound.
   */
  async measure(positions: readonly PrimaryPosition[]): Promise<void> {
    try {
      const [{ replayed, last_commit_age_ms }] = (await this.pool.query<{ replayed: string | null; last_commit_age_ms: number | null }>(REPLAYED_SQL)).rows;
      if (replayed === null) throw new Error(`${this.host} is not a standby`);
      const reached = positions.findLast(({ lsn }) => lsn <= BigInt(replayed));
      // Not below 0: the replica's clock may run behind the primary's.
      this.lagMs = Math.max(0, Math.min(reached ? Date.now() - reached.at : Infinity, last_commit_age_ms ?? Infinity));
    } catch {
      this.lagMs = Infinity;
    }
  }
}

/** A configured replica as /api/health reports it: its lag (null when it could not be measured), and whether it answers reads. */
export interface ReplicaState {
  replica: string;
  lagSeconds: number | null;
  inUse: boolean;
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
export class PublicReads implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PublicReads.name);
  /** The streaming replicas of DATABASE_REPLICA_URLS (docs/scale-out.md). */
  private readonly replicas: Replica[];
  private readonly maxLagMs: number;
  private lagChecks: NodeJS.Timeout | undefined;
  private readonly primaryPositions: PrimaryPosition[] = [];

  constructor(
    @InjectDataSource(PUBLIC_READS) private readonly dataSource: DataSource,
    config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.replicas = config.DATABASE_REPLICA_URLS.map((url) => new Replica(url, publicReadSessions(config)));
    this.maxLagMs = config.DATABASE_REPLICA_MAX_LAG_MS;
  }

  /**
   * The API's server is wrapped once every other handler is on it (the public answer cache's
   * direct computations, Socket.IO's): all of them run inside the mark, and the replicas' lags are
   * measured from then on. The workers have no server, and read no replica.
   */
  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    readAnonymousGetsFromReplicas(server);
    if (!this.replicas.length) return;
    let measuring: Promise<void> | undefined;
    // A check still waiting on a server that hangs is not joined by the next.
    const measure = () => void (measuring ??= this.measureLags().finally(() => (measuring = undefined)));
    this.lagChecks = setInterval(measure, LAG_CHECK_MS).unref();
    measure();
  }

  /** Each configured replica, in DATABASE_REPLICA_URLS' order. */
  replicaStates(): ReplicaState[] {
    return this.replicas.map((replica) => ({
      replica: replica.host,
      lagSeconds: Number.isFinite(replica.lagMs) ? replica.lagMs / 1000 : null,
      inUse: replica.lagMs <= this.maxLagMs,
    }));
  }

  /**
   * `timeoutMs` gives this one statement a longer bound than PUBLIC_READ_TIMEOUT_MS (an index walk,
   * INDEX_WALK_TIMEOUT_MS), and `settings` (`SET LOCAL ...`) apply to it alone.
   */
  async query<Row>(sql: string, params: unknown[] = [], { prepared = false, timeoutMs, settings = [] }: ReadOptions = {}): Promise<Row[]> {
    const replica = this.replicaInStep();
    const read = { sql, params, prepared, timeoutMs, settings };
    try {
      if (replica) {
        try {
          return await this.run<Row>(replica.pool, read);
        } catch (error) {
          if (!lostConnection(error)) throw error;
          // A replica that went away is left out until it answers again; the primary answers meanwhile.
          replica.lagMs = Infinity;
          this.logger.warn(`Replica ${replica.host} unreachable (${(error as Error).message}): reading the primary`);
        }
      }
      const primary = (this.dataSource.driver as PostgresDriver).master as Pool;
      return await this.run<Row>(primary, read);
    } catch (error) {
      const driverError = error instanceof QueryFailedError ? error.driverError : error;
      if ((driverError as { code?: string }).code === QUERY_CANCELED) throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, 'serviceUnavailable');
      throw error;
    }
  }

  onApplicationShutdown(): Promise<void[]> {
    clearInterval(this.lagChecks);
    return Promise.all(this.replicas.map((replica) => replica.pool.end()));
  }

  private async run<Row>(pool: Pool, { sql, params, prepared, timeoutMs, settings }: Read): Promise<Row[]> {
    const query = prepared ? { name: statementName(sql), text: sql, values: params } : { text: withValues(sql, params) };
    if (timeoutMs === undefined && !settings.length) return (await pool.query(query)).rows as Row[];
    // SET LOCAL: the settings end with this transaction, and the connection returns to the pool with its own.
    const session = [...(timeoutMs === undefined ? [] : [`SET LOCAL statement_timeout = ${Math.ceil(timeoutMs)}`]), ...settings];
    const client = await pool.connect();
    try {
      await client.query(['BEGIN', ...session].join('; '));
      const { rows } = await client.query(query);
      await client.query('COMMIT');
      client.release();
      return rows as Row[];
    } catch (error) {
      // A connection that cannot roll back is dropped rather than handed to the next read.
      client.release(await client.query('ROLLBACK').then(() => undefined, (failure: Error) => failure));
      throw error;
    }
  }

  /**
   * The primary's position first, then each replica's against it. A primary that does not answer
   * (/api/health says so) adds no position: the replicas are dated against the last ones it gave.
   */
  private async measureLags(): Promise<void> {
    const at = Date.now();
    const primary = (this.dataSource.driver as PostgresDriver).master as Pool;
    try {
      const [{ lsn }] = (await primary.query<{ lsn: string }>(`SELECT ${WAL_POSITION('pg_current_wal_lsn()')} AS lsn`)).rows;
      this.primaryPositions.push({ at, lsn: BigInt(lsn) });
      if (this.primaryPositions.length > POSITIONS_KEPT) this.primaryPositions.shift();
    } catch {
      // Dated against the positions already kept.
    }
    await Promise.all(this.replicas.map((replica) => replica.measure(this.primaryPositions)));
  }

  /**
   * A replica for this read, when the request is an anonymous visitor's and some replica's lag is
   * within DATABASE_REPLICA_MAX_LAG_MS (one of them at random, to spread the reads); else none.
   */
  private replicaInStep(): Replica | undefined {
    if (!this.replicas.length || !anonymousRead.getStore()) return undefined;
    const inStep = this.replicas.filter((replica) => replica.lagMs <= this.maxLagMs);
    return inStep[Math.floor(Math.random() * inStep.length)];
  }

}

interface ReadOptions {
  prepared?: boolean;
  timeoutMs?: number;
  settings?: readonly string[];
}

type Read = Required<Omit<ReadOptions, 'timeoutMs'>> & { sql: string; params: unknown[]; timeoutMs?: number };

/** The connection failed, not the statement: no SQLSTATE, or a connection (08) or shutdown (57P) class. */
function lostConnection(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return !code || !/^[0-9A-Z]{5}$/.test(code) || code.startsWith('08') || code.startsWith('57P');
}

function redactedHost(url: string): string {
  return new URL(url).host;
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
