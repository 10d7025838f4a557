// `npm run bench:web [-- --runs 3]`: Lighthouse 12 (mobile preset) with Debian's Chromium on the
// home page and a listing page of the production build (median of `runs` audits each), plus the
// gzipped JS and CSS the home page loads first.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseArgs } from './lib/args.mjs';
import { databaseUrl, ensureDatabase, migrate, requireBuild, root, startApi } from './lib/stack.mjs';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install Debian's (\`apt-get install chromium\`) or set CHROMIUM_PATH.`);
  process.exit(1);
}

/**
 * Every script and stylesheet of the build the page fetched while Lighthouse watched it load,
 * with nobody touching it: the entry, its preloads and the route's chunks alike. Sizes are
 * gzip's of the built files, whatever encoding the server chose.
 */
function loadedAssets(lhr) {
  const dist = join(root, 'frontend/dist');
  const paths = lhr.audits['network-requests'].details.items
    .map((request) => new URL(request.url).pathname)
    .filter((path) => /^\/assets\/[^/]+\.(?:js|css)$/.test(path));
  const sizes = { js: 0, css: 0 };
  for (const path of new Set(paths)) {
    sizes[path.endsWith('.css') ? 'css' : 'js'] += gzipSync(readFileSync(join(dist, path))).length;
  }
  return sizes;
}

/**
 * bench:data writes photo records without files. Real listings have their photos, so the pages
 * measured get photo-like pictures (blurred noise at the app's sizes and WebP quality: about
 * 190 KB for the 1600 px photo, a detailed camera picture) in a storage of the run's own: no
 * 404s in the console, and the image bytes a visitor would download.
 */
async function writeListingPhotos(storageDir, keys) {
  const sharp = createRequire(join(root, 'backend/package.json'))('sharp');
  const picture = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#5a6e8c', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(1.6)
    .png()
    .toBuffer();
  const large = await sharp(picture).webp({ quality: 80 }).toBuffer();
  const copyOf = (size) => sharp(picture).resize(size, size, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
  // The upload's copies, named `<key>-<size>.webp`: the cards' thumbnail and the detail page's phone-screen copy.
  const copies = { 400: await copyOf(400), 800: await copyOf(800) };
  for (const key of keys) {
    const file = join(storageDir, key);
    if (existsSync(file)) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, copies[/-(\d+)\.webp$/.exec(key)?.[1]] ?? large);
  }
}

/** Lighthouse's own reasons for a lost point: every weighted audit below full marks, and what the largest paint was. */
function findings(lhr) {
  const lines = [];
  for (const category of Object.values(lhr.categories)) {
    for (const { id, weight } of category.auditRefs) {
      const audit = lhr.audits[id];
      if (weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      lines.push(`  ${category.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      for (const item of (audit.details?.items ?? []).slice(0, 3)) {
        const what = [item.issueType, item.url ?? item.sourceLocation?.url, item.node?.snippet ?? item.description].filter(Boolean).join(' ');
        if (what) lines.push(`      ${what.slice(0, 160)}`);
      }
    }
  }
  const opportunities = Object.values(lhr.audits).filter((audit) => audit.details?.type === 'opportunity' && audit.numericValue > 0);
  for (const audit of opportunities) lines.push(`  opportunity: ${audit.title} (${audit.displayValue ?? `${Math.round(audit.numericValue)} ms`})`);
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  if (lcpElement) lines.push(`  LCP element: ${lcpElement.slice(0, 160)}`);
  // Where its time went: the server's answer, the wait before the picture was asked for, its download, the render after.
  const phases = lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? [];
  if (phases.length) lines.push(`  LCP phases: ${phases.map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', ')}`);
  return lines;
}

/** Lighthouse's report of `url`; a run whose trace broke (NO_NAVSTART and the like, now and then in headless Chromium) is run again. */
async function lighthouseReport(url, port, attempts = 3) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  if (!lhr.runtimeError || attempts <= 1) return lhr;
  console.warn(`Lighthouse failed on ${url} (${lhr.runtimeError.code}); running it again`);
  return lighthouseReport(url, port, attempts - 1);
}

async function audit(url, port) {
  const lhr = await lighthouseReport(url, port);
  const score = (id) => Math.round(lhr.categories[id].score * 100);
  const metric = (id) => lhr.audits[id].numericValue;
  return {
    url,
    findings: findings(lhr),
    assets: loadedAssets(lhr),
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
  };
}

/**
 * Lighthouse's simulated timings scale with the CPU time it saw, so a busy machine moves them
 * by several points: each page is audited `runs` times and the run of median performance is
 * reported, with the range seen. A first, uncounted audit warms the server (JIT, connection
 * pool, caches), as visitors before would have: a page's first load after a restart is not
 * what visitors see.
 */
async function medianAudit(url, port, runs) {
  await lighthouseReport(url, port);
  const audits = [];
  for (let run = 0; run < runs; run++) audits.push(await audit(url, port));
  audits.sort((a, b) => a.performance - b.performance);
  const median = audits[Math.floor((audits.length - 1) / 2)];
  return { ...median, performanceRange: `${audits[0].performance}-${audits.at(-1).performance}` };
}

requireBuild();
// The bench:data database when it exists, so a listing page is measured too.
const { database, runs } = parseArgs({ database: 'market_bench', runs: 3 });
await ensureDatabase(database);
migrate(databaseUrl(database));
const storageDir = mkdtempSync(join(tmpdir(), 'bench-web-storage-'));
const api = await startApi({ DATABASE_URL: databaseUrl(database), STORAGE_DIR: storageDir });
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });
try {
  const getJson = (path) => fetch(`${api.baseUrl}/api${path}`).then((response) => (response.ok ? response.json() : undefined));
  const { phones = [] } = (await getJson('/phone?page=1')) ?? {};
  const pages = [`${api.baseUrl}/`];
  const photoKeys = phones.flatMap((phone) => (phone.image ? [phone.image.key] : []));
  if (phones[0]) {
    pages.push(`${api.baseUrl}/phone/${phones[0]._id}`);
    const detail = await getJson(`/phone/${phones[0]._id}`);
    photoKeys.push(...(detail?.images ?? []).flatMap((image) => [image.key, image.key.replace(/\.webp$/, '-800.webp')]));
  }
  await writeListingPhotos(storageDir, photoKeys);
  const results = [];
  for (const page of pages) results.push(await medianAudit(page, chrome.port, runs));
  console.table(results.map(({ url, findings: _findings, assets: _assets, ...scores }) => ({ page: new URL(url).pathname, ...scores })));
  for (const { url, findings: lines } of results) console.log(`${new URL(url).pathname} (median run): what Lighthouse marks down\n${lines.join('\n') || '  nothing'}`);
  const { assets } = results[0];
  console.log(`Home page JavaScript loaded before interaction: ${(assets.js / 1024).toFixed(1)} KB gzipped; CSS: ${(assets.css / 1024).toFixed(1)} KB gzipped`);
} finally {
  await chrome.kill();
  await api.stop();
  rmSync(storageDir, { recursive: true, force: true });
}
