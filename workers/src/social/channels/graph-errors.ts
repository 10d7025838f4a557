import { ContainerUnusableError, PermanentPublishError, RateLimitedError, isTransientStatus } from '../publish-errors';

export interface GraphError {
  message?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_msg?: string;
}

/** What the worker does with an error of Graph: wait, retry with backoff, make a new container, or fail with the reason. */
export type GraphErrorKind = 'wait' | 'retry' | 'new-container' | 'fail';

/**
 * Instagram's content publishing subcodes (developers.facebook.com/docs/instagram-platform/
 * instagram-graph-api/reference/error-codes) by their recommended solution. Subcodes decide
 * before codes: code 4 is the app's request limit, but 4 with 2207051 is "suspected spam",
 * which waiting does not lift.
 */
const INSTAGRAM_SUBCODES: Record<number, { kind: GraphErrorKind; action?: string }> = {
  2207042: { kind: 'wait' }, // 9: the account's 50 posts in 24 hours are used
  2207001: { kind: 'retry' }, // -1: Instagram server error, try again
  2207003: { kind: 'retry' }, // -2: downloading the media took too long
  2207032: { kind: 'new-container' }, // -1: creating the media failed, re-create it
  2207053: { kind: 'new-container' }, // -1: unknown upload error, make a new container
  2207008: { kind: 'retry' }, // temporary error publishing a container: retry, then a new container
  2207027: { kind: 'retry' }, // the container is not ready to publish yet
  2207020: { kind: 'new-container' }, // -2: the container expired (24 h)
  2207006: { kind: 'new-container' }, // permission or token trouble with the container
  2207051: { kind: 'fail', action: 'Instagram suspects spam: open the account in the Instagram app, then post again' },
  2207050: { kind: 'fail', action: 'The Instagram account is inactive or restricted: sign in to the Instagram app and clear it' },
  2207005: { kind: 'fail', action: 'Instagram refused the image format (only JPEG is accepted)' },
  2207004: { kind: 'fail', action: 'The image is larger than Instagram accepts (8 MiB)' },
  2207009: { kind: 'fail', action: "The photo's aspect ratio is outside what Instagram accepts" },
  2207052: { kind: 'fail', action: 'Instagram could not fetch the photo from its URL or refused its format (only JPEG is accepted)' },
};

/** Graph's throttling codes (docs/graph-api/overview/rate-limiting): the app's, a user's, a Page's, a custom, and business use cases' limits. */
const THROTTLING_CODES = new Set([4, 17, 32, 613, ...Array.from({ length: 15 }, (_, index) => 80_000 + index)]);
/** Token expired or revoked, permission missing: an admin must issue a new token. */
const AUTHORIZATION_CODES = new Set([102, 190, 10, 200, 3]);

export function graphErrorKind(status: number, error: GraphError): GraphErrorKind {
  const bySubcode = error.error_subcode ? INSTAGRAM_SUBCODES[error.error_subcode] : undefined;
  if (bySubcode) return bySubcode.kind;
  if (THROTTLING_CODES.has(error.code ?? 0)) return 'wait';
  if (AUTHORIZATION_CODES.has(error.code ?? 0)) return 'fail';
  // -1, -2, 1 and 2 are Graph's temporary service errors.
  if ([-2, -1, 1, 2].includes(error.code ?? 0) || error.is_transient || isTransientStatus(status)) return 'retry';
  return 'fail';
}

/** The reason stored on the listing: the code, the subcode, Graph's words and what an admin can do. */
export function graphErrorReason(status: number, error: GraphError): string {
  const code = [error.code, error.error_subcode].filter((part) => part !== undefined).join('/');
  const action = error.error_subcode ? INSTAGRAM_SUBCODES[error.error_subcode]?.action : undefined;
  const authorization = AUTHORIZATION_CODES.has(error.code ?? 0) ? 'The access token is invalid or lacks a permission: issue a new one' : undefined;
  const message = (error.message ?? 'no message').replace(/\.$/, '');
  return [`Graph API ${status} (${code || 'no code'}): ${message}`, action ?? authorization].filter(Boolean).join('. ');
}

/** The error a Graph answer becomes; `waitMs` is how long a 'wait' lasts. */
export function graphError(status: number, error: GraphError, waitMs: number): Error {
  const reason = graphErrorReason(status, error);
  switch (graphErrorKind(status, error)) {
    case 'wait':
      return new RateLimitedError(waitMs, reason);
    case 'new-container':
      return new ContainerUnusableError(reason);
    case 'retry':
      return new Error(reason);
    case 'fail':
      return new PermanentPublishError(reason);
  }
}
