import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Config } from '@market/backend';
import { createApp } from '../../backend/src/app.factory';
import { WorkersModule } from '../src/workers.module';

/** The API (initialised, on no port) and the workers on one config, as deployed side by side; close the workers first. */
export async function startApiAndWorkers(config: Config): Promise<{ api: INestApplication; workers: INestApplicationContext }> {
  const api = await createApp(config);
  await api.init();
  const workers = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { logger: false });
  await workers.init();
  return { api, workers };
}
