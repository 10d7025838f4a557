import type { SavedSearchQuery } from '@market/contracts';

/** A query as stored and answered: only the filters that are set, so one search is one row whatever the order typed. */
export function storedQuery(query: SavedSearchQuery): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null)
      .sort(([a], [b]) => a.localeCompare(b)),
  ) as Record<string, string | number | boolean>;
}
