import { startHttpFake } from './http-fake';

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
  };
}
