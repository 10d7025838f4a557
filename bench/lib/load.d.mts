// Types of load.mjs (the parts of autocannon's options and result the scripts use).
export interface LoadOptions {
  url: string;
  connections?: number;
  /** Seconds. */
  duration?: number;
  pipelining?: number;
  /** Requests each connection sends in turn; `setupRequest` may change one before it is sent (e.g. its path). */
  requests?: Array<{ method?: string; path?: string; setupRequest?: (request: { path?: string }) => { path?: string } }>;
  /** Requests per second across all connections. */
  overallRate?: number;
}

export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Answers by HTTP status, e.g. `{ '200': { count: 10 } }`. */
  statusCodeStats: Record<string, { count: number }>;
}

export function runLoad(options: LoadOptions): Promise<LoadResult>;
export function memoryMb(pid: number): { rss: number; peak: number };
