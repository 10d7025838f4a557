import { DelayedError, Queue, Worker } from 'bullmq';
import type { AppConfig } from '@market/backend';
import { testConfig } from '../../../test/support/config';
import { DestinationPacer, type Destination } from './destination-pacer';

describe('the pacer', () => {
  let pacer: DestinationPacer;
  const config = () => testConfig({ QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_pacer_${Date.now()}` });
  const chat = (id: number): Destination => ({ key: `chat:${id}`, limit: 1, windowMs: 1_000, spacingMs: 1_000 });
  const bot: Destination = { key: 'bot', limit: 3, windowMs: 1_000 };

  beforeEach(() => {
    pacer = new DestinationPacer(config() as unknown as AppConfig);
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

  it('gives back the slot of a job that came back too late for it, so that the window counts its message once', async () => {
    const channel: Destination = { key: 'channel', limit: 2, windowMs: 2_000 };
    const { REDIS_QUEUE_URL: url, QUEUE_PREFIX: prefix } = config();
    const queue = new Queue('pacer-late-job', { connection: { url }, prefix });
    const worker = new Worker('pacer-late-job', null, { connection: { url }, prefix, autorun: false });
    try {
      // The window is full: the job's turn is when the first of those two leaves it, so it waits in the delayed set.
      await pacer.reserve([channel]);
      await pacer.reserve([channel]);
      await queue.add('post', { listingId: 'a' });
      const job = (await worker.getNextJob('first'))!;
      let turn = 0;
      await expect(pacer.awaitTurn(job, 'first', [channel], 1, async (slot) => void (turn = slot))).rejects.toBeInstanceOf(DelayedError);
      // The workers were busy: the job comes back a second past its turn and takes a new slot, now.
      await new Promise((resolve) => setTimeout(resolve, turn + 1_000 - Date.now()));
      const late = (await worker.getNextJob('second'))!;
      expect(late.id).toBe(job.id);
      await pacer.awaitTurn(late, 'second', [channel]);
      // One message of the job in the window, not two: another post may go at once.
      expect(await pacer.reserve([channel])).toBeLessThan(Date.now() + 100);
    } finally {
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
