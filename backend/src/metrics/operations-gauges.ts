import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { Pool } from 'pg';
import { Gauge, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { QUEUES } from '@market/contracts';
import { withinTimeout } from '../common/within-timeout';
import { AppConfig } from '../config/app-config';
import { PUBLIC_READS, PublicReads } from '../database/public-reads';
import { OutboxService } from '../events/outbox.service';
import { PaymentSettlement } from '../payments/payment-settlement.service';
import { closeRedis } from '../redis/redis.module';

/** The job states an operator watches: a growing waiting or delayed set is work falling behind, failed is work lost. */
const JOB_STATES = ['waiting', 'active', 'failed', 'delayed'] as const;

/**
 * Each connection pool's connections and the requests waiting for one (a queue here is the
 * first sign of a pool too small or a database too slow), read at each scrape. The API and the
 * workers both register them on their registry.
 */
export function registerPoolGauges(registry: Registry, pools: Record<string, DataSource>): void {
  const poolOf = (dataSource: DataSource) => (dataSource.driver as PostgresDriver).master as Pool;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of each PostgreSQL pool, by state (busy, idle)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [name, dataSource] of Object.entries(pools)) {
        const pool = poolOf(dataSource);
        this.set({ pool: name, state: 'busy' }, pool.totalCount - pool.idleCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
      }
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a connection of each PostgreSQL pool',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      for (const [name, dataSource] of Object.entries(pools)) this.set({ pool: name }, poolOf(dataSource).waitingCount);
    },
  });
}

/**
 * What the whole site's state says, read from PostgreSQL and Redis at each scrape: the queues'
 * depths, the outbox's oldest undispatched event, card payments still open after an hour, the
 * replicas' lag, whether WAL archiving (the backups' point-in-time recovery) is failing. The API
 * exports them (one answer for the site, whichever node is scraped); a series not read in time is
 * left out of that scrape.
 */
@Injectable()
export class OperationsGauges implements OnApplicationShutdown {
  readonly registry = new Registry();
  private readonly connection: Redis;
  private readonly queues: Queue[];

  constructor(
    config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectDataSource(PUBLIC_READS) publicReads: DataSource,
    private readonly outbox: OutboxService,
    private readonly settlement: PaymentSettlement,
    private readonly reads: PublicReads,
  ) {
    // Gives a read up after one reconnection while Redis is down rather than holding the scrape until it returns.
    this.connection = new Redis(config.REDIS_QUEUE_URL, { maxRetriesPerRequest: 1 });
    this.connection.on('error', () => undefined);
    this.queues = Object.values(QUEUES).map((name) => new Queue(name, { connection: this.connection, prefix: config.QUEUE_PREFIX }));
    registerPoolGauges(this.registry, { main: dataSource, 'public-reads': publicReads });
    this.registerSiteGauges();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
    await closeRedis(this.connection);
  }

  /** Seconds since the oldest event not yet handed to its queues was recorded; 0 when none waits. */
  outboxAgeSeconds(): Promise<number> {
    return this.outbox.oldestPendingAgeSeconds();
  }

  /** Answers once the queues' Redis (REDIS_QUEUE_URL) does. */
  pingQueues(): Promise<string> {
    return this.connection.ping();
  }

  /** Each streaming replica's replay lag in seconds, as the primary sees it; none without replicas. */
  private replicaLags(): Promise<{ replica: string; lag: number }[]> {
    return this.dataSource.query(
      `SELECT coalesce(nullif(application_name, ''), client_addr::text, 'replica') AS replica,
              coalesce(extract(epoch FROM replay_lag), 0)::float8 AS lag
       FROM pg_stat_replication`,
    );
  }

  private registerSiteGauges(): void {
    const { queues, dataSource } = this;
    const outboxAge = () => this.outboxAgeSeconds();
    const replicaLags = () => this.replicaLags();
    const unresolvedPayments = () => this.settlement.countUnresolvedAfterAnHour();
    new Gauge({
      name: 'bullmq_jobs',
      help: 'Jobs of each BullMQ queue, by state (waiting, active, failed, delayed)',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        await Promise.all(
          queues.map(async (queue) => {
            const counts = await withinTimeout(queue.getJobCounts(...JOB_STATES));
            for (const state of JOB_STATES) if (counts) this.set({ queue: queue.name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
    numberGauge(this.registry, 'outbox_oldest_pending_seconds', 'Age of the oldest outbox event not yet handed to its queues (0 when none waits)', outboxAge);
    numberGauge(
      this.registry,
      'payments_unresolved_after_an_hour',
      'Card payments not final (neither confirmed nor failed) an hour after they started',
      unresolvedPayments,
    );
    const { reads } = this;
    new Gauge({
      name: 'public_read_replica_in_use',
      help: "1 while this node reads each replica of DATABASE_REPLICA_URLS, 0 while it leaves it out (past its lag bound, not answering, or no standby): a replica cut off from its primary is out of pg_replica_lag_seconds' view",
      labelNames: ['replica'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { replica, inUse } of reads.replicaStates()) this.set({ replica }, inUse ? 1 : 0);
      },
    });
    new Gauge({
      name: 'pg_replica_lag_seconds',
      help: "Replay lag of each streaming replica of the API's database, as the primary sees it",
      labelNames: ['replica'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { replica, lag } of (await withinTimeout(replicaLags())) ?? []) this.set({ replica }, lag);
      },
    });
    numberGauge(
      this.registry,
      'pg_wal_archive_failing',
      "1 while PostgreSQL's last attempt to archive a WAL segment (pgBackRest's archive-push) failed",
      async () => {
        const [{ failing }] = await dataSource.query<{ failing: number }[]>(
          `SELECT (coalesce(last_failed_time > coalesce(last_archived_time, '-infinity'), false))::int AS failing FROM pg_stat_archiver`,
        );
        return failing;
      },
    );
  }
}

/** A gauge of one number read at each scrape; empty when the read does not answer within the scrape's time. */
function numberGauge(registry: Registry, name: string, help: string, read: () => Promise<number>): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      this.reset();
      const value = await withinTimeout(read());
      if (value !== undefined) this.set(value);
    },
  });
}
