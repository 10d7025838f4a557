import { LRUCache } from 'lru-cache';

export interface ReadThroughCacheOptions<K extends NonNullable<unknown>, V extends NonNullable<unknown>, C> {
  max: number;
  ttlMs: number;
  /** Reads an entry that is missing or expired; concurrent readers of one key share one read. */
  load: (key: K, context: C) => Promise<V>;
  /** An expired entry is answered while it is read again: only the first read of a key is waited for. */
  serveStale?: boolean;
  /** How long to keep this entry, when it says so itself (else `ttlMs`). */
  ttlOf?: (value: V) => number;
}

/**
 * Answers kept for `ttlMs` and read through `load` (lru-cache's `fetch`). A read still answers
 * its readers when its entry is evicted meanwhile: an expired entry keeps its place in the
 * recency order while it is read again, so in a full cache the next new key can evict it, and
 * lru-cache would then reject every reader with "evicted" (found by the soak drill as 500s).
 */
export function readThroughCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>, C = unknown>({ max, ttlMs, load, serveStale = false, ttlOf }: ReadThroughCacheOptions<K, V, C>): LRUCache<K, V, C> {
  return new LRUCache<K, V, C>({
    max,
    ttl: ttlMs,
    ignoreFetchAbort: true,
    allowStale: serveStale,
    noDeleteOnStaleGet: serveStale,
    allowStaleOnFetchRejection: serveStale,
    fetchMethod: async (key, _stale, { context, options }) => {
      const value = await load(key, context);
      if (ttlOf) options.ttl = Math.max(1, ttlOf(value));
      return value;
    },
  });
}
