import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry, register } from 'prom-client';
import { DataSource } from 'typeorm';
import { AppConfig, carriesBearerToken, PUBLIC_READS, registerPoolGauges } from '@market/backend';

/**
 * The workers' own HTTP port (WORKERS_PORT): `/metrics` for Prometheus, with METRICS_TOKEN as a
 * bearer token (refused when none is configured: the workers have no sessions). The site's
 * gauges (queues, outbox, payments) are the API's; these are the process's own: its pools, its
 * SMS sends, the pacer's delays.
 */
@Injectable()
export class OperationsServer implements OnApplicationShutdown {
  private readonly logger = new Logger(OperationsServer.name);
  private readonly registry = new Registry();
  private server?: Server;

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() dataSource: DataSource,
    @InjectDataSource(PUBLIC_READS) publicReads: DataSource,
  ) {
    registerPoolGauges(this.registry, { main: dataSource, 'public-reads': publicReads });
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

  async onApplicationShutdown(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  private async answer(metrics: Registry, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url?.split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') return void response.writeHead(404).end();
    if (!carriesBearerToken(request.headers.authorization, this.config.METRICS_TOKEN)) return void response.writeHead(401).end();
    try {
      const text = await metrics.metrics();
      response.writeHead(200, { 'content-type': metrics.contentType }).end(text);
    } catch (error) {
      this.logger.warn(`Metrics not read: ${(error as Error).message}`);
      response.writeHead(500).end();
    }
  }
}
