import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { Answers } from '../common/openapi';
import { RedisClient } from '../redis/redis.module';

const dependencySchema = z.enum(['up', 'down']);
type Dependency = z.infer<typeof dependencySchema>;

/** The answer of `GET /api/health`: 200 when both are up, 503 otherwise (load balancers read the status). */
const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: dependencySchema, redis: dependencySchema });

const CHECK_TIMEOUT_MS = 2_000;

function withinTimeout(check: Promise<unknown>): Promise<Dependency> {
  const timeout = new Promise<Dependency>((resolve) => setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS).unref());
  return Promise.race([check.then((): Dependency => 'up', (): Dependency => 'down'), timeout]);
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisClient,
  ) {}

  @Answers(healthSchema)
  @Get()
  async check(@Res({ passthrough: true }) response: Response): Promise<z.infer<typeof healthSchema>> {
    const [database, redis] = await Promise.all([
      withinTimeout(this.dataSource.query('SELECT 1')),
      withinTimeout(this.redis.ping()),
    ]);
    const healthy = database === 'up' && redis === 'up';
    response.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: healthy ? 'ok' : 'unavailable', database, redis };
  }
}
