import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { isPublicRead, SESSION_MESSAGE, SW_CACHES, type SessionMessage } from './offline-rules';

/*
 * The installable app's service worker (README, "Installable app and offline"): the app shell
 * is precached; pages, the public API reads behind them and their photos are answered from the
 * network and kept, so the pages last seen open when the network drops. Nothing of a signed-in
 * visitor's API answers is kept: the page tells this worker who is signed in.
 */
/*
 * The worker's global scope, as far as used here: the app's tsconfig has the DOM's types, and
 * the webworker library's cannot be added beside them.
 */
interface WorkerMessageEvent {
  data: unknown;
  waitUntil(promise: Promise<unknown>): void;
}
declare const self: {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Whether the page said a visitor is signed in; kept in a cache, as a worker may be stopped between events. */
const SIGNED_IN_KEY = '/__signed-in';

async function signedIn(): Promise<boolean> {
  const stored = await (await caches.open(SW_CACHES.session)).match(SIGNED_IN_KEY);
  // Until the page has said otherwise, treat the visitor as signed in: keep nothing.
  return stored ? (await stored.text()) === 'true' : true;
}

self.addEventListener('message', (event) => {
  const message = event.data as SessionMessage | undefined;
  if (message?.type !== SESSION_MESSAGE) return;
  event.waitUntil(
    (async () => {
      await (await caches.open(SW_CACHES.session)).put(SIGNED_IN_KEY, new Response(String(message.signedIn)));
      // What was kept for the anonymous visitor is not mixed with a signed-in visitor's answers.
      if (message.signedIn) await caches.delete(SW_CACHES.publicReads);
    })(),
  );
});

const keepOk = new CacheableResponsePlugin({ statuses: [200] });

/** Pages: the server's HTML (its preloads and previews) when online, else the page as last seen, else the app shell. */
const pages = new NetworkFirst({ cacheName: SW_CACHES.pages, plugins: [keepOk, new ExpirationPlugin({ maxEntries: 30 })] });
const appShell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return appShell(options);
      }
    },
    { denylist: [/^\/api\//, /^\/uploads\//, /^\/sitemap/] },
  ),
);

/** The public reads a page needs (feed, listing, brands), for anonymous visitors only. */
const publicReads = new NetworkFirst({ cacheName: SW_CACHES.publicReads, plugins: [keepOk, new ExpirationPlugin({ maxEntries: 60 })] });
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isPublicRead(url.pathname),
  async (options) => ((await signedIn()) ? fetch(options.request) : publicReads.handle(options)),
);

/**
 * Offline, a photo never seen is the placeholder picture, as the page shows a photo that fails:
 * the cards of a feed kept offline name photos the visitor never scrolled to.
 */
const placeholderWhenUnreachable = {
  handlerDidError: async () => (await matchPrecache('/phone-placeholder.svg')) ?? Response.error(),
};

/** Listing photos never change under their key: the ones seen are shown offline. */
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: SW_CACHES.photos,
    plugins: [keepOk, new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60 }), placeholderWhenUnreachable],
  }),
);
