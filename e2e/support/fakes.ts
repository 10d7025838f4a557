import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeEskiz } from '../../test/fakes/eskiz';
import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { TEST_BOT_TOKEN } from '../../test/support/telegram-init-data';

/** The fake Eskiz's operator never delivers an SMS to a number ending in these digits. */
export const UNDELIVERED_SUFFIX = '0404';

/** An outside service replaced, for the browser tests, by a fake on 127.0.0.1. */
interface StackFake {
  /** The variables that point the API and the workers at the fake. */
  env: Record<string, string>;
  /** What the fake has received so far; tests read it at `$E2E_FAKES_URL/<name>` (see received.ts). */
  received(): unknown;
  /** What a person does on the outside service, posted by a test as JSON to `$E2E_FAKES_URL/<name>`. */
  act?(body: unknown): void;
  close(): Promise<void>;
}

/** Every fake the stack starts with, by name. Another outside service adds its entry here. */
const FAKES: Record<string, () => Promise<StackFake>> = {
  /** SMS: sign-in passwords and one-time codes; the operator reports SMS to numbers ending in UNDELIVERED_SUFFIX undelivered. */
  eskiz: async () => {
    const eskiz = await startFakeEskiz(undefined, {
      deliveryStatusOf: (phoneNumber) => (phoneNumber.endsWith(UNDELIVERED_SUFFIX) ? 'UNDELIV' : 'DELIVRD'),
    });
    return {
      env: {
        ESKIZ_BASE_URL: eskiz.baseUrl,
        ESKIZ_EMAIL: eskiz.credentials.email,
        ESKIZ_PASSWORD: eskiz.credentials.password,
        ESKIZ_CALLBACK_SECRET: randomBytes(24).toString('hex'),
      },
      received: () => eskiz.sent,
      close: eskiz.close,
    };
  },
  /** Telegram's Bot API: the bot the Mini App belongs to (its token signs the test's initData); what the bot sent. */
  telegram: async () => {
    const telegram = await startFakeTelegram();
    return {
      env: { TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: telegram.botUsername, TELEGRAM_MINI_APP_NAME: 'market' },
      received: () => telegram.calls.filter(({ path }) => !path.endsWith('/getUpdates')).map(({ path, body }) => ({ method: path.split('/').pop(), body })),
      // A user shares their own number with the bot (what a Mini App's requestContact makes Telegram do).
      act: (body) => {
        const { chatId, phoneNumber } = body as { chatId: number; phoneNumber: string };
        telegram.pushContact(chatId, phoneNumber);
      },
      close: telegram.close,
    };
  },
};

export interface RunningFakes {
  env: Record<string, string>;
  /** Base URL of the endpoint where tests read what each fake received. */
  url: string;
  close(): Promise<void>;
}

/** Starts every fake and one small HTTP endpoint that shows the tests what each has received. */
export async function startFakes(): Promise<RunningFakes> {
  const running = Object.fromEntries(await Promise.all(Object.entries(FAKES).map(async ([name, start]) => [name, await start()] as const)));
  const inspector: Server = createServer((request, response) => {
    const fake = running[(request.url ?? '/').slice(1)];
    if (fake?.act && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        fake.act!(JSON.parse(body));
        response.writeHead(204).end();
      });
      return;
    }
    response.writeHead(fake ? 200 : 404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(fake ? fake.received() : { error: `No fake at ${request.url}` }));
  });
  await new Promise<void>((resolve) => inspector.listen(0, '127.0.0.1', resolve));
  return {
    env: Object.assign({}, ...Object.values(running).map((fake) => fake.env)),
    url: `http://127.0.0.1:${(inspector.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => inspector.close(resolve));
      await Promise.all(Object.values(running).map((fake) => fake.close()));
    },
  };
}
