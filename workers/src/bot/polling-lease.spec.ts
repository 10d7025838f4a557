import { randomUUID } from 'node:crypto';
import { testConfig } from '../../../test/support/config';
import { PollingLease } from './polling-lease';

const TTL_MS = 400;

describe('the bot polling lease', () => {
  const key = `${process.env.QUEUE_PREFIX}:polling-lease:${randomUUID()}`;
  const url = testConfig().REDIS_QUEUE_URL;
  let first: PollingLease;
  let second: PollingLease;

  beforeEach(() => {
    first = new PollingLease(url, key, TTL_MS);
    second = new PollingLease(url, key, TTL_MS);
  });
  afterEach(async () => {
    await first.release();
    await second.release();
  });

  it('is held by one holder at a time, who keeps it by renewing', async () => {
    expect(await first.hold()).toBe(true);
    expect(await second.hold()).toBe(false);
    for (let renewal = 0; renewal < 3; renewal++) {
      await new Promise((resolve) => setTimeout(resolve, TTL_MS / 2));
      expect(await first.hold()).toBe(true);
      expect(await second.hold()).toBe(false);
    }
  });

  it('passes to another once a crashed holder stops renewing it for its time, and not back', async () => {
    expect(await first.hold()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
    expect(await second.hold()).toBe(true);
    expect(await first.hold()).toBe(false);
  });

  it('passes to another at once when its holder gives it up', async () => {
    expect(await first.hold()).toBe(true);
    await first.release();
    expect(await second.hold()).toBe(true);
  });
});
