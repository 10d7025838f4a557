import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import type { Config } from '@market/backend';
import { createApp } from '../../backend/src/app.factory';
import { startFakeGraph } from '../../test/fakes/graph-api';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';
import { WorkersModule } from '../src/workers.module';

/** The API (initialised, on no port) and the workers on one config, as deployed side by side; close the workers first. */
export async function startApiAndWorkers(config: Config): Promise<{ api: INestApplication; workers: INestApplicationContext }> {
  const api = await createApp(config);
  await api.init();
  const workers = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { logger: false });
  await workers.init();
  return { api, workers };
}

/**
 * A stack's config (its own database and queue prefix) with the bot, the Telegram channel, Instagram and
 * Facebook all pointed at the fakes, and the outbox relayed at once.
 */
function everyChannelConfig(name: string, databaseUrl: string, telegram: { url: string; botUsername: string }, graphUrl: string): Config {
  return testConfig({
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_${name}`,
    RELAY_POLL_MS: '50',
    DEVICE_SPECS_REFRESH_PER_MINUTE: '0',
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: '4242:TEST',
    TELEGRAM_BOT_USERNAME: telegram.botUsername,
    TELEGRAM_CHANNEL_ID: '@telefonbozor',
    GRAPH_API_URL: graphUrl,
    INSTAGRAM_USER_ID: '17841',
    INSTAGRAM_ACCESS_TOKEN: 'ig-token',
    FACEBOOK_PAGE_ID: '555',
    FACEBOOK_PAGE_TOKEN: 'fb-token',
  });
}

export interface EveryChannelStack {
  telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  graph: Awaited<ReturnType<typeof startFakeGraph>>;
  api: INestApplication;
  workers: INestApplicationContext;
  dataSource: DataSource;
  /** The workers, the API, the fakes and the database, in that order. */
  close(): Promise<void>;
}

/** The fakes, a database of its own and the API and workers on `everyChannelConfig(name)`. */
export async function startEveryChannelStack(name: string): Promise<EveryChannelStack> {
  const [telegram, graph, database] = await Promise.all([startFakeTelegram(), startFakeGraph(), ownTestDatabase(name)]);
  const { api, workers } = await startApiAndWorkers(everyChannelConfig(name, database.url, telegram, graph.url));
  const close = async () => {
    await workers.close();
    await api.close();
    await Promise.all([telegram.close(), graph.close(), database.drop()]);
  };
  return { telegram, graph, api, workers, dataSource: api.get(DataSource), close };
}
