import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './load-chunk';

/** The browser's side of it: whether it is online, and the event it fires when the connection is back. */
const browserWindow = new EventTarget();

function goOnline(online: boolean): void {
  vi.stubGlobal('navigator', { onLine: online });
  vi.stubGlobal('window', browserWindow);
  if (online) browserWindow.dispatchEvent(new Event('online'));
}

describe('loadWhenOnline', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks again for a chunk that failed offline once the connection is back, and answers it', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue('chunk');
    goOnline(false);
    const loaded = loadWhenOnline(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);

    goOnline(true);
    await expect(loaded).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails as before when the chunk is missing while online (a redeploy)', async () => {
    goOnline(true);
    const missing = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadWhenOnline(() => Promise.reject(missing))).rejects.toBe(missing);
  });
});
