// `npm run bench:web`: Lighthouse 12 (mobile preset) with Debian's Chromium on the home page and a
// listing page of the production build, plus the gzipped JS and CSS the home page loads first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseArgs } from './lib/args.mjs';
import { databaseUrl, ensureDatabase, migrate, requireBuild, root, startApi } from './lib/stack.mjs';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The scripts, module preloads and stylesheets index.html makes the browser fetch before any interaction. */
function initialAssets() {
  const dist = join(root, 'frontend/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const paths = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  const sizes = { js: 0, css: 0 };
  for (const path of new Set(paths)) {
    sizes[path.endsWith('.css') ? 'css' : 'js'] += gzipSync(readFileSync(join(dist, path))).length;
  }
  return sizes;
}

async function audit(url, port) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  const score = (id) => Math.round(lhr.categories[id].score * 100);
  const metric = (id) => lhr.audits[id].numericValue;
  return {
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
  };
}

requireBuild();
// The bench:data database when it exists, so a listing page is measured too.
const { database } = parseArgs({ database: 'market_bench' });
await ensureDatabase(database);
migrate(databaseUrl(database));
const api = await startApi({ DATABASE_URL: databaseUrl(database) });
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
try {
  const { phones } = await fetch(`${api.baseUrl}/api/phone?page=1`).then((response) => response.json(), () => ({ phones: [] }));
  const pages = [`${api.baseUrl}/`];
  if (phones?.[0]?._id) pages.push(`${api.baseUrl}/phone/${phones[0]._id}`);
  const results = [];
  for (const page of pages) results.push(await audit(page, chrome.port));
  const assets = initialAssets();
  console.table(results.map(({ url, ...scores }) => ({ page: new URL(url).pathname, ...scores })));
  console.log(`Home page initial JavaScript: ${(assets.js / 1024).toFixed(1)} KB gzipped; CSS: ${(assets.css / 1024).toFixed(1)} KB gzipped`);
} finally {
  await chrome.kill();
  await api.stop();
}
