import { startHttpFake, type ScriptedFailure } from './http-fake';

/**
 * Graph's throttling errors (developers.facebook.com/docs/graph-api/guides/error-handling):
 * never an HTTP 429 but a 400 or 403 whose error code names the limit reached, with no
 * Retry-After. The documented recovery is to wait and retry.
 */
const THROTTLING = {
  4: { status: 403, message: '(#4) Application request limit reached' },
  17: { status: 403, message: '(#17) User request limit reached' },
  32: { status: 400, message: '(#32) Page request limit reached' },
} as const;

export type GraphThrottlingCode = keyof typeof THROTTLING;

/**
 * A fake Graph API for Instagram content publishing and Facebook Page posts. Ids count up;
 * permalinks are derived from them so tests can compare what was stored.
 */
export async function startFakeGraph() {
  let nextId = 1000;
  const fake = await startHttpFake((call) => {
    const parts = call.path.split('/').filter(Boolean);
    const edge = parts[parts.length - 1];
    if (call.method === 'POST' && ['media', 'media_publish', 'photos', 'feed'].includes(edge)) {
      return { body: { id: String(nextId++) } };
    }
    if (call.method === 'GET' && call.body.fields === 'permalink') {
      return { body: { id: edge, permalink: `https://www.instagram.com/p/${edge}/` } };
    }
    if (call.method === 'GET' && call.body.fields === 'permalink_url') {
      return { body: { id: edge, permalink_url: `https://www.facebook.com/${edge}` } };
    }
    return { status: 400, body: { error: { message: 'Unsupported request', type: 'GraphMethodException', code: 100 } } };
  });
  return {
    ...fake,
    callsTo: (edge: string) => fake.calls.filter((call) => call.path.endsWith(`/${edge}`)),
    serverError: () => ({ status: 500, body: { error: { message: 'An unexpected error has occurred', code: 2, is_transient: true } } }),
    invalidToken: () => ({ status: 400, body: { error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 } } }),
    /** A limit reached: the app's (4), the user's (17) or the Page's (32). */
    rateLimited(code: GraphThrottlingCode): ScriptedFailure {
      const { status, message } = THROTTLING[code];
      return { status, body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'AFakeTrace' } } };
    },
  };
}
