/** The channel refused for good (bad token, bad request, a restricted account): retrying cannot help; the reason says what an admin can do. */
export class PermanentPublishError extends Error {}

/** The channel asked us to wait (HTTP 429, Graph's throttling or a publishing limit); the job is delayed by `retryAfterMs`, not failed. */
export class RateLimitedError extends Error {
  constructor(
    readonly retryAfterMs: number,
    reason = `rate limited for ${retryAfterMs} ms`,
  ) {
    super(reason);
  }
}

/**
 * The channel is still processing what it was given (an Instagram container): the job checks
 * again after `checkAgainMs`, waiting in BullMQ's delayed set instead of holding a worker.
 */
export class StillProcessingError extends Error {
  constructor(
    readonly checkAgainMs: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** A bought repost was refunded before this channel posted it: nothing is posted, and that is no failure. */
export class RepostStoppedError extends Error {}

/** The call did not get an answer (network failure, timeout): whether it took effect is unknown. */
export class ChannelUnreachableError extends Error {}

/** A stored Instagram container can no longer be published (expired, or it ended in ERROR): a new one must be made. */
export class ContainerUnusableError extends Error {}

/** Whether a channel call's error is an answer of the channel, i.e. the call certainly did nothing. */
export function channelAnswered(error: unknown): boolean {
  return !(error instanceof ChannelUnreachableError);
}

/** Statuses a retry may cure: rate limits, timeouts and server-side failures. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
