import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { RedisClient } from '../redis/redis.module';

type Dependency = 'up' | 'down';

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

  @Get()
  async check(@Res({ passthrough: true }) response: Response) {
    const [database, redis] = await Promise.all([
      withinTimeout(this.dataSource.query('SELECT 1')),
      withinTimeout(this.redis.ping()),
    ]);
    const healthy = database === 'up' && redis === 'up';
    response.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: healthy ? 'ok' : 'unavailable', database, redis };
  }
}
