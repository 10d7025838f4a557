import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { FavouriteIds, FavouriteStatus } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { toggleFavourite } from './favourites';

vi.mock('../../../lib/api-client', () => ({ api: { get: vi.fn(), post: vi.fn(), delete: vi.fn() } }));

/** A server read whose answer the test gives when it chooses: read before the write committed, it says "not kept". */
function pendingRead<T>() {
  let answer!: (value: T) => void;
  const read = new Promise<T>((resolve) => (answer = resolve));
  return { read, answer };
}

describe("a heart kept while the page's own reads are still on their way", () => {
  it('stays kept when those reads answer afterwards with what the server had before the write', async () => {
    const queryClient = new QueryClient();
    const statusRead = pendingRead<FavouriteStatus>();
    const idsRead = pendingRead<FavouriteIds>();
    const fresh = { status: { favourite: true, count: 1 }, ids: { ids: ['listing'] } };
    vi.mocked(api.get).mockImplementation((path: string) => {
      const stale = path.endsWith('/favourite') ? statusRead.read : idsRead.read;
      // The first read of each is the one in flight; any read after the write sees it.
      vi.mocked(api.get).mockImplementation(async (later: string) => (later.endsWith('/favourite') ? fresh.status : fresh.ids));
      return stale;
    });
    vi.mocked(api.post).mockResolvedValue(fresh.status);

    // The listing page and the top bar mount with the session: their first reads go out before the heart is written.
    const status = new QueryObserver(queryClient, { queryKey: ['favourites', 'status', 'listing'], queryFn: () => api.get<FavouriteStatus>('/phone/listing/favourite') });
    const ids = new QueryObserver(queryClient, { queryKey: ['favourites', 'ids'], queryFn: () => api.get<FavouriteIds>('/user/favourites/ids') });
    const unsubscribe = [status.subscribe(() => undefined), ids.subscribe(() => undefined)];

    await toggleFavourite(queryClient, 'listing', true);
    statusRead.answer({ favourite: false, count: 0 });
    idsRead.answer({ ids: [] });

    await vi.waitFor(() => {
      expect(status.getCurrentResult().data).toEqual(fresh.status);
      expect(ids.getCurrentResult().data).toEqual(fresh.ids);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(status.getCurrentResult().data).toEqual(fresh.status);
    expect(ids.getCurrentResult().data).toEqual(fresh.ids);
    unsubscribe.forEach((stop) => stop());
  });
});
