import { readThroughCache } from './read-through-cache';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('readThroughCache', () => {
  it('reads a key once for concurrent readers, and again once it has expired', async () => {
    let reads = 0;
    const load = jest.fn(async (key: string) => `${key}-${++reads}`);
    const cache = readThroughCache({ max: 10, ttlMs: 40, load });
    expect(await Promise.all([cache.fetch('brand'), cache.fetch('brand')])).toEqual(['brand-1', 'brand-1']);
    await pause(60);
    expect(await cache.fetch('brand')).toBe('brand-2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('answers the readers of an expired entry that a new key evicts while it is read again', async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const cache = readThroughCache({
      max: 2,
      ttlMs: 40,
      load: async (key: string) => {
        const read = ++reads;
        if (key === 'oldest' && read > 1) await slow;
        return `${key} (read ${read})`;
      },
    });
    await cache.fetch('oldest');
    await cache.fetch('newer');
    await pause(60);

    const rereading = cache.fetch('oldest');
    // The full cache makes room for a new key by evicting the least recently used: the entry being read.
    await cache.fetch('new');
    expect(cache.has('oldest')).toBe(false);
    release();
    await expect(rereading).resolves.toBe('oldest (read 3)');
  });

  it('answers an expired entry while it is read again when told to serve stale ones', async () => {
    let release: () => void = () => undefined;
    let reads = 0;
    const cache = readThroughCache({
      max: 10,
      ttlMs: 40,
      serveStale: true,
      load: async (key: string) => {
        const read = ++reads;
        if (read > 1) await new Promise<void>((resolve) => (release = resolve));
        return `${key} (read ${read})`;
      },
    });
    expect(await cache.fetch('totals')).toBe('totals (read 1)');
    await pause(60);
    // Answered at once from the expired entry, the one read again under way.
    expect(await cache.fetch('totals')).toBe('totals (read 1)');
    expect(reads).toBe(2);
    release();
    await pause(5);
    // (Counted before: on a busy machine the new entry may have expired again by this fetch, which then starts a third read.)
    expect(await cache.fetch('totals')).toBe('totals (read 2)');
  });
});
