import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { Logger } from '@nestjs/common';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { MINI_APP_PATH, parseStartAppParam, startAppPath } from '@market/contracts';
import { escapeHtml } from './escape-html';
import { landingPreloads, type MainPicture } from './landing-preloads';

/** What a link's preview shows (Telegram, Facebook, search results) for one client route. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the preview picture. */
  image?: string;
  /** The picture the page shows first (a listing's first photo), preloaded with the page. */
  mainPicture?: MainPicture;
  /** Open Graph type; 'website' when absent. */
  type?: string;
  /** Further Open Graph properties, e.g. `product:price:amount`. */
  properties?: Record<string, string>;
}

export interface ServeFrontendOptions {
  /** The head of a client route's index.html (a listing's title, text and photo); undefined keeps the default head. */
  pageMeta?: (path: string) => Promise<PageMeta | undefined>;
  /**
   * API addresses a page asks for first that its query decides (the home feed's page of the
   * filters in the address), named in its head to download with the app: [] for none.
   */
  queryData?: (path: string, query: URLSearchParams) => string[];
  /**
   * The sitemap: `url` is its index (`/sitemap.xml`), which `/robots.txt` then names (its rules stay
   * in frontend/public/robots.txt); `document` answers the index and its files by path, undefined for none.
   */
  sitemap?: { url: string; document: (path: string) => Promise<SitemapDocument | undefined> };
}

/** A sitemap document kept gzipped, as crawlers (which all accept gzip) are sent it. */
export interface SitemapDocument {
  gzipped: Buffer;
  /** A strong ETag of the gzipped bytes, computed once when the document is built. */
  etag: string;
}

const logger = new Logger('ServeFrontend');
const gunzipped = promisify(gunzip);

/** index.html with the page's title, description, Open Graph and Twitter tags; every value escaped. */
export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const properties: [string, string][] = [
    ['og:type', meta.type ?? 'website'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.url],
    ...(meta.image ? ([['og:image', meta.image]] as [string, string][]) : []),
    ...Object.entries(meta.properties ?? {}),
  ];
  const names: [string, string][] = [
    ['description', meta.description],
    ['twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['twitter:title', meta.title],
    ['twitter:description', meta.description],
    ...(meta.image ? ([['twitter:image', meta.image]] as [string, string][]) : []),
  ];
  const tags = [
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ...names.map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`),
    ...properties.map(([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`),
  ];
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/\s*<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

/** The compressed twins the frontend build writes beside each script and style, best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * The hashed build assets, cached for a year; a browser that accepts brotli or gzip gets the
 * build's compressed twin (a quarter of the bytes) without the server compressing anything.
 */
function serveAssets(assetsDir: string): RequestHandler {
  const files = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  const serveFile = express.static(assetsDir, { immutable: true, maxAge: '1y', fallthrough: false });
  return (request: Request, response: Response, next: NextFunction) => {
    const name = request.path.slice(1);
    const twins = PRECOMPRESSED.filter(({ suffix }) => files.has(name + suffix));
    if (twins.length > 0) {
      response.vary('Accept-Encoding');
      const twin = twins.find(({ encoding }) => request.acceptsEncodings(encoding));
      if (twin) {
        response.type(extname(name)).setHeader('Content-Encoding', twin.encoding);
        request.url = `/${name}${twin.suffix}`;
      }
    }
    serveFile(request, response, next);
  };
}

function withHeadTags(html: string, tags: string[]): string {
  return tags.length ? html.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`) : html;
}

/** `/sitemap.xml` and the files it names, `/sitemap-{n}.xml`. */
const SITEMAP_PATH = /^\/sitemap(-\d+)?\.xml$/;

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html for every
 * client route so a reload of /profile or /phone/{id} works. Paths with a file extension
 * are never client routes: they fall through (e.g. to the image files under /uploads).
 */
export function serveFrontend(app: Express, distDir: string, options: ServeFrontendOptions = {}): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The built frontend is missing: ${indexFile} (run npm run build)`);
  const indexHtml = readFileSync(indexFile, 'utf8');

  const { sitemap, pageMeta, queryData } = options;
  if (sitemap) {
    const robotsFile = join(distDir, 'robots.txt');
    const rules = existsSync(robotsFile) ? readFileSync(robotsFile, 'utf8').trimEnd() : 'User-agent: *\nAllow: /';
    const robots = `${rules}\n\nSitemap: ${sitemap.url}\n`;
    app.get('/robots.txt', (_request: Request, response: Response) => {
      response.type('text/plain').send(robots);
    });
    app.get(SITEMAP_PATH, (request: Request, response: Response, next: NextFunction) => {
      sitemap
        .document(request.path)
        .then(async (document) => {
          if (!document) return next();
          const gzip = Boolean(request.acceptsEncodings('gzip'));
          // The ETag is the build's, so Express hashes no body; the plain text is the same document
          // in another encoding, so it gets the weak form of the gzipped bytes' strong ETag.
          response.setHeader('Cache-Control', 'public, max-age=3600').setHeader('ETag', gzip ? document.etag : `W/${document.etag}`).vary('Accept-Encoding');
          if (request.fresh) return void response.status(304).end();
          response.type('application/xml');
          if (gzip) return void response.setHeader('Content-Encoding', 'gzip').send(document.gzipped);
          response.send(await gunzipped(document.gzipped));
        })
        .catch(next);
    });
  }

  app.use('/assets', serveAssets(join(distDir, 'assets')));
  const publicFiles = express.static(distDir, { index: false, maxAge: '1h' });
  // API calls pass by without a file lookup (a stat per request otherwise).
  app.use((request: Request, response: Response, next: NextFunction) => (isApiPath(request.path) ? next() : publicFiles(request, response, next)));
  const preloadTags = landingPreloads(distDir);
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || isApiPath(request.path) || extname(request.path)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    // Telegram opens the Mini App at its entry page; the app goes on at once to the page the link names, whose code and picture come with the entry.
    const miniApp = request.path === MINI_APP_PATH;
    const path = miniApp ? startAppPath(parseStartAppParam(query.get('tgWebAppStartParam') ?? undefined)) : request.path;
    const fetch = queryData?.(path, query) ?? [];
    const page = (meta: PageMeta | undefined) =>
      withHeadTags(meta ? withPageMeta(indexHtml, meta) : indexHtml, preloadTags(path, { mainPicture: meta?.mainPicture, fetch, miniApp }));
    if (!pageMeta) return void response.type('html').send(page(undefined));
    pageMeta(path)
      .catch((error: Error) => {
        // A preview is a nicety: the page itself must still open.
        logger.warn(`No page meta for ${path}: ${error.message}`);
        return undefined;
      })
      .then((meta) => response.type('html').send(page(meta)));
  });
}
