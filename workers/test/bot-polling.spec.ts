import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Bot } from 'grammy';
import { createApp } from '../../backend/src/app.factory';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { testConfig } from '../../test/support/config';
import { ownTestDatabase } from '../../test/support/database';
import { eventually } from '../../test/support/eventually';
import { SellerBot } from '../src/bot/seller-bot.service';
import { WorkersModule } from '../src/workers.module';

const LEASE_MS = 900;
const FIRST_CHAT = 5937420001;
const SECOND_CHAT = 5937420002;

/**
 * Telegram lets one process long-poll a bot (a second getUpdates ends the first with 409): with
 * several worker processes on one bot, one polls at a time and another takes over when it stops.
 */
describe("the sellers' bot polled by several worker processes", () => {
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;
  let database: Awaited<ReturnType<typeof ownTestDatabase>>;
  let api: INestApplication;
  const workers: INestApplicationContext[] = [];
  const open = new Set<INestApplicationContext>();

  beforeAll(async () => {
    [telegram, database] = await Promise.all([startFakeTelegram(), ownTestDatabase('botpolling')]);
    const config = testConfig({
      DATABASE_URL: database.url,
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_botpolling`,
      DEVICE_SPECS_REFRESH_PER_MINUTE: '0',
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: '4242:TEST',
      TELEGRAM_BOT_USERNAME: telegram.botUsername,
      TELEGRAM_POLLING_LEASE_MS: String(LEASE_MS),
    });
    api = await createApp(config);
    await api.init();
    for (let n = 0; n < 2; n++) {
      const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { logger: false });
      await app.init();
      workers.push(app);
      open.add(app);
    }
  });
  afterAll(async () => {
    for (const app of open) await app.close();
    await api?.close();
    await telegram?.close();
    await database?.drop();
  });

  /**
   * The getUpdates calls each worker made from now on, and the 409s it was answered (another poller
   * ended its call), counted on its own bot's API client: what a worker sees, not what Telegram sent
   * to a call its worker had already abandoned.
   */
  function countPolls(): { polls: number[]; conflicts: number[] } {
    const polls = workers.map(() => 0);
    const conflicts = workers.map(() => 0);
    workers.forEach((app, index) => {
      const bot = (app.get(SellerBot) as unknown as { bot: Bot }).bot;
      bot.api.config.use(async (previous, method, payload, signal) => {
        if (method === 'getUpdates') polls[index]++;
        const answer = await previous(method, payload, signal);
        if (!answer.ok && answer.error_code === 409) conflicts[index]++;
        return answer;
      });
    });
    return { polls, conflicts };
  }
  const repliesTo = (chatId: number) => telegram.callsOf('sendMessage').filter((call) => Number(call.body.chat_id) === chatId);

  it('polls from one worker, answers a message once, and polls from the other once the first has stopped', async () => {
    const { polls, conflicts } = countPolls();
    // Long enough for a standby to try the lease a few times and for the poller to renew it.
    await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_MS));
    const poller = polls.findIndex((count) => count > 0);
    expect(poller).toBeGreaterThanOrEqual(0);
    expect(polls[1 - poller]).toBe(0);

    telegram.pushMessage(FIRST_CHAT, '/start');
    await eventually(async () => expect(repliesTo(FIRST_CHAT)).toHaveLength(1));

    await workers[poller].close();
    open.delete(workers[poller]);
    telegram.pushMessage(SECOND_CHAT, '/start');
    await eventually(async () => expect(repliesTo(SECOND_CHAT)).toHaveLength(1));
    expect(polls[1 - poller]).toBeGreaterThan(0);

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(repliesTo(FIRST_CHAT)).toHaveLength(1);
    expect(repliesTo(SECOND_CHAT)).toHaveLength(1);
    expect(conflicts).toEqual([0, 0]);
  }, 30_000);
});
