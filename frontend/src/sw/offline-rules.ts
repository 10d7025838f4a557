/** What the page and the service worker agree on (sw.ts, register-service-worker.ts). */

export const SW_CACHES = { pages: 'pages', publicReads: 'public-reads', photos: 'photos', session: 'session' } as const;

/** The page tells the worker whether someone is signed in: `{ type: SESSION_MESSAGE, signedIn }`. */
export const SESSION_MESSAGE = 'session';
export interface SessionMessage {
  type: typeof SESSION_MESSAGE;
  signedIn: boolean;
}

/**
 * The feed (`/api/phone`), a listing (`/api/phone/{id}`), its price guide (`/api/phone/price-guide`), its
 * seller's signals (`/api/sellers/{id}`, the listing's seller panel) and the brands (`/api/category`): the
 * same for every anonymous visitor.
 */
const PUBLIC_READ = /^\/api\/(phone(\/([0-9a-f-]{36}|price-guide))?|category|sellers\/[0-9a-f-]{36})$/i;

export function isPublicRead(pathname: string): boolean {
  return PUBLIC_READ.test(pathname);
}
