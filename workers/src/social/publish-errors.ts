/** The channel refused for good (bad token, bad request): retrying cannot help. */
export class PermanentPublishError extends Error {}

/** The channel asked us to wait (HTTP 429); the job is delayed by `retryAfterMs`, not failed. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited for ${retryAfterMs} ms`);
  }
}

/** Statuses a retry may cure: rate limits, timeouts and server-side failures. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
