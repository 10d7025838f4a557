import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Config } from '@market/backend';
import { createApp } from '../../backend/src/app.factory';
import { testConfig } from '../../test/support/config';
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
export function everyChannelConfig(name: string, databaseUrl: string, telegram: { url: string; botUsername: string }, graphUrl: string): Config {
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
