import { ChannelUnreachableError, RateLimitedError } from '../publish-errors';
import type { Destination, DestinationPacer } from '../../pacing/destination-pacer';
import { graphError, type GraphError } from './graph-errors';

const REQUEST_TIMEOUT_MS = 30_000;
const HOUR_MS = 3_600_000;
/** A throttling error that names no time: Graph counts its limits over the last hour, a few minutes usually free a share. */
const THROTTLED_WAIT_MS = 5 * 60_000;

export interface GraphOptions {
  baseUrl: string;
  accessToken: string;
  /** The usage share (percent) from which calls slow down. */
  slowDownPercent?: number;
  /** Shrinks Graph's hour for the bench and the tests (CHANNEL_PACING_TIME_SCALE). */
  timeScale?: number;
  /** Told how long to hold back this token's calls: Graph's usage neared or reached a limit. */
  holdBack?: (untilMs: number) => Promise<void>;
}

/** What a Meta channel (a Facebook Page, an Instagram account) is configured with besides its token. */
export interface GraphChannelOptions {
  graphUrl: string;
  /** The usage share (percent) from which calls slow down. */
  slowDownPercent?: number;
  /** Shrinks the pacing's time for the bench and the tests (CHANNEL_PACING_TIME_SCALE). */
  timeScale?: number;
  pacer?: DestinationPacer;
}

/**
 * The channel's Graph client, none without a token: when Graph's usage nears or reaches a limit,
 * the channel's destination is held back in the pacer, so no other job posts there meanwhile.
 */
export function channelGraphClient(
  options: GraphChannelOptions,
  accessToken: string | undefined,
  destination: () => Destination,
): GraphClient | undefined {
  if (!accessToken) return undefined;
  return new GraphClient({
    baseUrl: options.graphUrl,
    accessToken,
    slowDownPercent: options.slowDownPercent,
    timeScale: options.timeScale,
    holdBack: (until) => options.pacer?.blockUntil(destination(), until) ?? Promise.resolve(),
  });
}

/** One usage header's numbers: percentages of the limits and, once reached, minutes until calls are accepted again. */
interface Usage {
  call_count?: number;
  total_cputime?: number;
  total_time?: number;
  estimated_time_to_regain_access?: number;
}

/**
 * The usage Graph reports on its answers (docs/graph-api/overview/rate-limiting): X-App-Usage and
 * X-Page-Usage are one object, X-Business-Use-Case-Usage maps business ids to lists of them.
 * Answers the highest percentage and the longest time to regain access, in minutes.
 */
export function graphUsage(headers: Headers): { percent: number; regainMinutes: number } {
  const usages: Usage[] = [];
  for (const name of ['x-app-usage', 'x-page-usage', 'x-ad-account-usage']) {
    const value = parseJson(headers.get(name));
    if (value && typeof value === 'object') usages.push(value as Usage);
  }
  const business = parseJson(headers.get('x-business-use-case-usage'));
  if (business && typeof business === 'object') usages.push(...Object.values(business as Record<string, Usage[]>).flat());
  return {
    percent: Math.max(0, ...usages.flatMap((usage) => [usage.call_count ?? 0, usage.total_cputime ?? 0, usage.total_time ?? 0])),
    regainMinutes: Math.max(0, ...usages.map((usage) => usage.estimated_time_to_regain_access ?? 0)),
  };
}

function parseJson(value: string | null): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Minimal Graph API client: form-encoded calls, Graph's error body turned into our error kinds, its usage headers heeded. */
export class GraphClient {
  constructor(private readonly options: GraphOptions) {}

  post<T>(path: string, params: Record<string, string>): Promise<T> {
    const body = new URLSearchParams({ ...params, access_token: this.options.accessToken });
    return this.call<T>(path, { method: 'POST', body });
  }

  get<T>(path: string, params: Record<string, string>): Promise<T> {
    const query = new URLSearchParams({ ...params, access_token: this.options.accessToken });
    return this.call<T>(`${path}?${query}`, { method: 'GET' });
  }

  private async call<T>(path: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new ChannelUnreachableError(`Graph API unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as T & { error?: GraphError };
    const waitMs = await this.heedUsage(response.headers);
    if (response.ok) return body;
    if (response.status === 429) throw new RateLimitedError(Number(response.headers.get('retry-after') ?? 60) * 1000, `Graph API 429: ${body.error?.message ?? 'too many calls'}`);
    throw graphError(response.status, body.error ?? {}, waitMs || THROTTLED_WAIT_MS * this.scale);
  }

  /**
   * Slows this token's calls down before Graph throttles them: from `slowDownPercent` on, a
   * share of Graph's hour per percent above it; once a limit is reached, for the time Graph
   * names. Answers that wait (0 when usage is low).
   */
  private async heedUsage(headers: Headers): Promise<number> {
    const { percent, regainMinutes } = graphUsage(headers);
    const threshold = this.options.slowDownPercent ?? 80;
    let waitMs = regainMinutes * 60_000 * this.scale;
    if (!waitMs && percent >= threshold) waitMs = (HOUR_MS * this.scale * (percent - threshold + 1)) / 100;
    if (waitMs) await this.options.holdBack?.(Date.now() + waitMs);
    return waitMs;
  }

  private get scale(): number {
    return this.options.timeScale ?? 1;
  }
}
