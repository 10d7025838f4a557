import type { AppConfig } from '@market/backend';
import { testConfig } from '../../../test/support/config';
import { DestinationPacer, type Destination } from './destination-pacer';

describe('the pacer', () => {
  let pacer: DestinationPacer;
  const chat = (id: number): Destination => ({ key: `chat:${id}`, limit: 1, windowMs: 1_000, spacingMs: 1_000 });
  const bot: Destination = { key: 'bot', limit: 3, windowMs: 1_000 };

  beforeEach(() => {
    pacer = new DestinationPacer(testConfig({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_pacer_${Date.now()}` }) as unknown as AppConfig);
  });
  afterEach(() => pacer.onApplicationShutdown());

  it("holds back no other chat's message behind a chat that must wait, and still counts the bot's window", async () => {
    const start = Date.now();
    // Chat 1 answered 429 with retry_after 8 s: its message's turn is then.
    await pacer.blockUntil(chat(1), start + 8_000);
    expect(await pacer.reserve([chat(1), bot])).toBeGreaterThanOrEqual(start + 8_000);
    // Chat 2's message goes now: the bot's 3 a second has room, whatever chat 1 waits for.
    expect(await pacer.reserve([chat(2), bot])).toBeLessThan(start + 500);
    expect(await pacer.reserve([chat(3), bot])).toBeLessThan(start + 500);
    // The bot's window is full now (chat 2, chat 3 and chat 1's turn count against it): chat 4 waits for room.
    const fourth = await pacer.reserve([chat(4), bot]);
    expect(fourth).toBeGreaterThanOrEqual(start + 1_000);
    // A chat's own messages keep their order and spacing.
    expect(await pacer.reserve([chat(2), bot])).toBeGreaterThanOrEqual(start + 1_000);
  });
});
