import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from './escape-html';

/** One landing route as the frontend build lists it (frontend/build/landing-routes.ts). */
interface LandingPreloads {
  /** Client route pattern, `:name` for a path segment. */
  path: string;
  modules: string[];
  styles: string[];
  /** API addresses, with the route's `:name` segments to fill in. */
  fetch: string[];
  /** The web's own shell (the top bar), which the Mini App does not load. */
  webModules: string[];
}

const LANDING_PRELOADS_FILE = '.vite/landing-preloads.json';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The picture a page shows first, as its `<img>` has it: the preload is reused only when both match. */
export interface MainPicture {
  href: string;
  srcset?: string;
  sizes?: string;
}

/** What a page needs first beyond its route's own: its main picture, and data its query decides (the home feed's page). */
export interface PagePreloads {
  mainPicture?: MainPicture;
  fetch?: string[];
  /**
   * The Mini App's page: Telegram draws its top bar, so the web's is not preloaded. Its data is: a
   * launch starts without a session (it signs in with initData meanwhile), so the page's first reads
   * go without the session header, as a preload does. (A launch in a Telegram Web tab that kept an
   * earlier launch's session sends the header, and the preloaded answer goes unused.)
   */
  miniApp?: boolean;
}

/** The `<link>` tags that make the browser fetch a page's route chunks, first data and main picture with the page. */
export type PreloadTags = (path: string, page?: PagePreloads) => string[];

function picturePreload({ href, srcset, sizes }: MainPicture): string {
  const candidates = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes ?? '100vw')}"` : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(href)}"${candidates} />`;
}

/**
 * Reads the build's landing preloads. The app requests a route's chunks only after its entry
 * has run, and the route's data only after that: named in the page's head, all of it comes
 * down together with the entry. A build without the list (or an unknown path) preloads nothing.
 */
export function landingPreloads(distDir: string): PreloadTags {
  const file = join(distDir, LANDING_PRELOADS_FILE);
  const routes: LandingPreloads[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const matchers = routes.map((route) => {
    const names: string[] = [];
    const pattern = route.path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? (names.push(segment.slice(1)), '([^/]+)') : escapeRegExp(segment)))
      .join('/');
    return { route, names, pattern: new RegExp(`^${pattern}/?$`) };
  });

  // The app's requests carry cookies: a preload must be made the same way to be reused.
  const dataPreload = (address: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(address)}" />`;
  return (path, { mainPicture, fetch = [], miniApp = false } = {}) => {
    const tags: string[] = [];
    for (const { route, names, pattern } of matchers) {
      const match = pattern.exec(path);
      if (!match) continue;
      // The app asks with the decoded parameter, encoded again (encodeURIComponent): the same address.
      const fill = (address: string) =>
        names.reduce((filled, name, index) => filled.replace(`:${name}`, encodeURIComponent(decodedSegment(match[index + 1]))), address);
      tags.push(
        ...[...route.modules, ...(miniApp ? [] : route.webModules)].map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(href)}" />`),
        ...route.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}" />`),
        ...route.fetch.map((address) => dataPreload(fill(address))),
      );
      break;
    }
    tags.push(...fetch.map(dataPreload));
    if (mainPicture) tags.push(picturePreload(mainPicture));
    return tags;
  };
}
