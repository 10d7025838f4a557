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

type ConfigOverrides = Partial<Record<keyof Config, string>>;
type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

/**
 * A stack's config: its own database and queue prefix, the outbox relayed at once, no spec
 * refreshes, and the bot pointed at the fake Telegram.
 */
function botConfig(name: string, databaseUrl: string, telegram: FakeTelegram, overrides: ConfigOverrides = {}): Config {
  return testConfig({
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_${name}`,
    RELAY_POLL_MS: '50',
    DEVICE_SPECS_REFRESH_PER_MINUTE: '0',
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: '4242:TEST',
    TELEGRAM_BOT_USERNAME: telegram.botUsername,
    ...overrides,
  });
}

export interface BotStack {
  telegram: FakeTelegram;
  config: Config;
  api: INestApplication;
  workers: INestApplicationContext;
  dataSource: DataSource;
  /** The workers, the API, the fake and the database, in that order. */
  close(): Promise<void>;
}

/** The fake Telegram, a database of its own and the API and workers on `botConfig(name)` with `overrides`. */
export async function startBotStack(name: string, overrides: ConfigOverrides = {}): Promise<BotStack> {
  const [telegram, database] = await Promise.all([startFakeTelegram(), ownTestDatabase(name)]);
  const config = botConfig(name, database.url, telegram, overrides);
  const { api, workers } = await startApiAndWorkers(config);
  const close = async () => {
    await workers.close();
    await api.close();
    await Promise.all([telegram.close(), database.drop()]);
  };
  return { telegram, config, api, workers, dataSource: api.get(DataSource), close };
}

export interface EveryChannelStack {
  telegram: FakeTelegram;
  graph: Awaited<ReturnType<typeof startFakeGraph>>;
  api: INestApplication;
  workers: INestApplicationContext;
  dataSource: DataSource;
  /** The workers, the API, the fakes and the database, in that order. */
  close(): Promise<void>;
}

/**
 * The fakes, a database of its own and the API and workers on the bot's config with the Telegram
 * channel, Instagram and Facebook pointed at the fakes too.
 */
export async function startEveryChannelStack(name: string): Promise<EveryChannelStack> {
  const [telegram, graph, database] = await Promise.all([startFakeTelegram(), startFakeGraph(), ownTestDatabase(name)]);
  const { api, workers } = await startApiAndWorkers(
    botConfig(name, database.url, telegram, {
      TELEGRAM_CHANNEL_ID: '@telefonbozor',
      GRAPH_API_URL: graph.url,
      INSTAGRAM_USER_ID: '17841',
      INSTAGRAM_ACCESS_TOKEN: 'ig-token',
      FACEBOOK_PAGE_ID: '555',
      FACEBOOK_PAGE_TOKEN: 'fb-token',
    }),
  );
  const close = async () => {
    await workers.close();
    await api.close();
    await Promise.all([telegram.close(), graph.close(), database.drop()]);
  };
  return { telegram, graph, api, workers, dataSource: api.get(DataSource), close };
}
