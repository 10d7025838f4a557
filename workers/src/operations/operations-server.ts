import { Injectable, Logger, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry, register } from 'prom-client';
import { DataSource } from 'typeorm';
import { AppConfig, carriesBearerToken, PUBLIC_READS, registerPoolGauges, withinTimeout } from '@market/backend';

/**
 * The workers' own HTTP port (WORKERS_PORT). `/metrics` for Prometheus, with METRICS_TOKEN as a
 * bearer token (refused when none is configured: the workers have no sessions). The site's
 * gauges (queues, outbox, payments) are the API's; these are the process's own: its pools, its
 * SMS sends, the pacer's delays. `/health/live` answers while the process runs; `/health/ready`
 * while it can take jobs: PostgreSQL and Redis answer and it is not stopping.
 */
@Injectable()
export class OperationsServer implements OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger(OperationsServer.name);
  private readonly registry = new Registry();
  private readonly redis: Redis;
  private server?: Server;
  private stopping = false;

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectDataSource(PUBLIC_READS) publicReads: DataSource,
  ) {
    registerPoolGauges(this.registry, { main: dataSource, 'public-reads': publicReads });
    // Its own connection, giving up after one reconnection while Redis is down (the check's timeout bounds the wait).
    this.redis = new Redis(config.REDIS_QUEUE_URL, { maxRetriesPerRequest: 1 });
    this.redis.on('error', () => undefined);
  }

  /** Listens on `port` and answers the port it got (0 picks a free one). */
  listen(port = this.config.WORKERS_PORT): Promise<number> {
    const metrics = Registry.merge([register, this.registry]);
    const server = createServer((request, response) => void this.answer(metrics, request, response));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => resolve((server.address() as AddressInfo).port));
    });
  }

  /** From the first shutdown hook on the workers are not ready; the port answers until the last. */
  onModuleDestroy(): void {
    this.stopping = true;
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  private async answer(metrics: Registry, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url?.split('?')[0];
    if (request.method !== 'GET') return void response.writeHead(404).end();
    if (path === '/health/live') return void json(response, 200, { status: 'ok' });
    if (path === '/health/ready') return this.answerReady(response);
    if (path !== '/metrics') return void response.writeHead(404).end();
    if (!carriesBearerToken(request.headers.authorization, this.config.METRICS_TOKEN)) return void response.writeHead(401).end();
    try {
      const text = await metrics.metrics();
      response.writeHead(200, { 'content-type': metrics.contentType }).end(text);
    } catch (error) {
      this.logger.warn(`Metrics not read: ${(error as Error).message}`);
      response.writeHead(500).end();
    }
  }

  private async answerReady(response: ServerResponse): Promise<void> {
    const [database, redis] = await Promise.all([
      withinTimeout(this.dataSource.query('SELECT 1').then(() => 'up' as const)),
      withinTimeout(this.redis.ping().then(() => 'up' as const)),
    ]);
    const ready = database === 'up' && redis === 'up' && !this.stopping;
    json(response, ready ? 200 : 503, { status: ready ? 'ok' : 'unavailable', database: database ?? 'down', redis: redis ?? 'down', draining: this.stopping });
  }
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
