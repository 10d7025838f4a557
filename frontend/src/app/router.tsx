import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { MINI_APP_PATH } from '@market/contracts';
import { AppLayout } from './app-layout';
import { page, type LazyPage } from './lazy-page';
import { LISTING_PAGE_TEXTS } from './route-texts';

/** A route (an index route without a path) whose page `preloadRoute` can load ahead. */
function route(path: string | undefined, { element, preload }: LazyPage, children?: RouteObject[]): RouteObject {
  const common = { element, handle: { preload } };
  return path === undefined ? { ...common, index: true } : { ...common, path, children };
}

/** Every route of spec section 2; each page is its own chunk. */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      route(undefined, page(() => import('./routes/home'))),
      route('phone/:id', page(() => import('./routes/phone-detail'), LISTING_PAGE_TEXTS)),
      route('login', page(() => import('./routes/login'))),
      route('register', page(() => import('./routes/register'))),
      route('forgot', page(() => import('./routes/forgot'))),
      route('terms', page(() => import('./routes/terms'))),
      route(MINI_APP_PATH.slice(1), page(() => import('./routes/mini-app'))),
      route('categories', page(() => import('./routes/categories'))),
      route('seller/:id', page(() => import('./routes/seller'))),
      route('profile', page(() => import('./routes/profile/layout')), [
        route(undefined, page(() => import('./routes/profile/my-listings'))),
        route('settings', page(() => import('./routes/profile/settings'))),
        route('balance', page(() => import('./routes/profile/balance'))),
        route('favourites', page(() => import('./routes/profile/favourites'))),
        route('searches', page(() => import('./routes/profile/saved-searches'), ['saved-searches'])),
        route('phone/add', page(() => import('./routes/profile/listing-add'))),
        route('phone/edit/:id', page(() => import('./routes/profile/listing-edit'))),
        route('categories', page(() => import('./routes/profile/categories'))),
        route('allphones', page(() => import('./routes/profile/all-phones'))),
        route('messages', page(() => import('./routes/profile/messages'))),
        route('messages/:id', page(() => import('./routes/profile/message-thread'))),
        route('notifications', page(() => import('./routes/profile/notifications'))),
        route('reported-conversations', page(() => import('./routes/profile/reported-conversations'))),
        route('reported-conversations/:id', page(() => import('./routes/profile/reported-conversation'))),
      ]),
      route('*', page(() => import('./routes/not-found'))),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the pages of `pathname` (e.g. a layout and its page). Awaited before the first
 * render, the first paint is the whole page rather than the loader. Never fails: a page that
 * did not load is asked for again when rendered.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const preloads = matches.map((match) => (match.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.());
  return Promise.allSettled(preloads);
}
