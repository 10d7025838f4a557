import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { Answers } from '../common/openapi';
import { withinTimeout } from '../common/within-timeout';
import { PublicReads } from '../database/public-reads';
import { OperationsGauges } from '../metrics/operations-gauges';
import { RedisClient } from '../redis/redis.module';
import { ShutdownDrain } from './shutdown-drain';

const dependencySchema = z.enum(['up', 'down']);
type Dependency = z.infer<typeof dependencySchema>;

/**
 * The answer of `GET /api/health` and `/api/health/ready`: 503 when PostgreSQL is down or the node
 * is draining (load balancers read the status), else 200. Either Redis down, or a configured
 * replica left out of reads (past its lag bound, or not answering), is 'degraded' but ready: every
 * node shares them, so a 503 would take every node out of the load balancer at once, while a node
 * still serves without them (limits fall back to its memory, requests commit their jobs to the
 * outbox, which hands them to the queues once their Redis is back; the primary answers for a
 * replica). The outbox's age is reported, not judged (an alert watches it); null when not read in time.
 */
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: dependencySchema,
  redis: z.object({ cache: dependencySchema, queues: dependencySchema }),
  draining: z.boolean(),
  outboxAgeSeconds: z.number().nullable(),
  replicas: z.array(z.object({ replica: z.string(), lagSeconds: z.number().nullable(), inUse: z.boolean() })),
});
type Health = z.infer<typeof healthSchema>;

const liveSchema = z.object({ status: z.literal('ok') });

const up = (check: Promise<unknown>): Promise<Dependency> => withinTimeout(check.then((): Dependency => 'up')).then((state) => state ?? 'down');

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisClient,
    private readonly gauges: OperationsGauges,
    private readonly publicReads: PublicReads,
    private readonly drain: ShutdownDrain,
  ) {}

  /** Readiness, under the path load balancers have always asked. */
  @Answers(healthSchema)
  @Get()
  check(@Res({ passthrough: true }) response: Response): Promise<Health> {
    return this.ready(response);
  }

  /** Whether the node should get traffic. */
  @Answers(healthSchema)
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response): Promise<Health> {
    const [database, cache, queues, outboxAgeSeconds] = await Promise.all([
      up(this.dataSource.query('SELECT 1')),
      up(this.redis.ping()),
      up(this.gauges.pingQueues()),
      withinTimeout(this.gauges.outboxAgeSeconds()),
    ]);
    const replicas = this.publicReads.replicaStates();
    const draining = this.drain.draining;
    const ready = database === 'up' && !draining;
    response.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: !ready ? 'unavailable' : cache === 'up' && queues === 'up' && replicas.every(({ inUse }) => inUse) ? 'ok' : 'degraded',
      database,
      redis: { cache, queues },
      draining,
      outboxAgeSeconds: outboxAgeSeconds ?? null,
      replicas,
    };
  }

  /** Whether the process answers at all (restart it if not): true while it drains and while a dependency is down. */
  @Answers(liveSchema)
  @Get('live')
  live(): z.infer<typeof liveSchema> {
    return { status: 'ok' };
  }
}
