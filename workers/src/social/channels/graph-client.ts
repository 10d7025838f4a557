import { ChannelUnreachableError, PermanentPublishError, RateLimitedError, isTransientStatus } from '../publish-errors';

const REQUEST_TIMEOUT_MS = 30_000;

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
    if (isTransientStatus(response.status) || body.error?.is_transient) throw new Error(reason);
    throw new PermanentPublishError(reason);
  }
}
