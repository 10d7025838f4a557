// Types of long-tail.mjs for the TypeScript benchmarks and drills.
export interface TrafficClass {
  name: string;
  /** A new path for each request, drawn from the whole data set. */
  nextPath: () => string;
  /** Sitemap files: megabytes an answer. */
  sitemap?: boolean;
}

/** `database`: a database name on the bench's server, or a connection string. */
export function longTailTraffic(database: string): Promise<{
  classes: TrafficClass[];
  /** The realistic mix: Zipf popularity over listings, pages, regions, brands and models. */
  mix: () => string;
  counts: { listings: number; feedPages: number; sitemapFiles: number };
}>;

/** autocannon's `requests` option: one GET whose path is drawn anew for every request. */
export function drawnRequests(
  nextPath: () => string,
  headers?: Record<string, string>,
): Array<{ method: string; headers: Record<string, string>; setupRequest: (request: { path?: string }) => { path?: string } }>;

export function zipf(n: number, s?: number): () => number;
export function withSwappedLetters(name: string): string;
export function cyrillicSpelling(name: string): string;
export function uzbekLatinSpelling(name: string): string;
