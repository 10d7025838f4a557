import { ChannelUnreachableError, PermanentPublishError, RateLimitedError, isTransientStatus } from '../publish-errors';

const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Graph answers a reached limit (the app's, a user's, a Page's, a custom or a business use
 * case's) with one of these codes in a 400 or 403, not with a 429; the documented recovery is
 * to wait and retry. It names no time: its limits are counted over the last hour.
 */
const THROTTLING_CODES = new Set([4, 17, 32, 613, ...Array.from({ length: 15 }, (_, index) => 80_000 + index)]);
const THROTTLED_WAIT_MS = 60_000;

interface GraphErrorBody {
  error?: { message?: string; code?: number; is_transient?: boolean };
}

/** Minimal Graph API client: form-encoded calls, Graph's error body turned into our error kinds. */
export class GraphClient {
  constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
  ) {}

  post<T>(path: string, params: Record<string, string>): Promise<T> {
    const body = new URLSearchParams({ ...params, access_token: this.accessToken });
    return this.call<T>(path, { method: 'POST', body });
  }

  get<T>(path: string, params: Record<string, string>): Promise<T> {
    const query = new URLSearchParams({ ...params, access_token: this.accessToken });
    return this.call<T>(`${path}?${query}`, { method: 'GET' });
  }

  private async call<T>(path: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new ChannelUnreachableError(`Graph API unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as T & GraphErrorBody;
    if (response.ok) return body;
    const reason = `Graph API ${response.status}: ${body.error?.message ?? 'no message'}`;
    if (response.status === 429) throw new RateLimitedError(Number(response.headers.get('retry-after') ?? 60) * 1000);
    if (THROTTLING_CODES.has(body.error?.code ?? 0)) throw new RateLimitedError(THROTTLED_WAIT_MS);
    if (isTransientStatus(response.status) || body.error?.is_transient) throw new Error(reason);
    throw new PermanentPublishError(reason);
  }
}
