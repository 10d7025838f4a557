import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Registry, register } from 'prom-client';
import { MetricsAccessGuard } from './metrics-access.guard';
import { OperationsGauges } from './operations-gauges';

/** `GET /api/metrics`: the process's series and the site's gauges in Prometheus' text format. */
@ApiTags('operations')
@ApiBearerAuth()
@ApiCookieAuth('session')
@UseGuards(MetricsAccessGuard)
@Controller('metrics')
export class MetricsController {
  private readonly registry: Registry;

  constructor(gauges: OperationsGauges) {
    this.registry = Registry.merge([register, gauges.registry]);
  }

  @ApiExcludeEndpoint()
  @Get()
  async scrape(@Res({ passthrough: true }) response: Response): Promise<string> {
    response.setHeader('Content-Type', this.registry.contentType);
    return this.registry.metrics();
  }
}
