/**
 * A small state kept in localStorage as `{ state, version: 0 }`: the shape zustand's persist
 * middleware wrote, which browsers hold under these keys, read and written without that middleware
 * (about 1 KB gzipped on every first page for two flat values).
 */
export function readStoredState<T>(key: string): Partial<T> | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as { state?: Partial<T> } | null;
    return stored?.state ?? undefined;
  } catch {
    // Storage switched off, or not JSON: nothing kept.
    return undefined;
  }
}

export function writeStoredState<T>(key: string, state: T): void {
  try {
    localStorage.setItem(key, JSON.stringify({ state, version: 0 }));
  } catch {
    // Storage switched off or full: the page goes on without it, as it did with persist.
  }
}
