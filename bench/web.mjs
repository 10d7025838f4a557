// `npm run bench:web [-- --runs 3]`: Lighthouse 12 (mobile preset) with Debian's Chromium on the
// home page and a listing page of the production build, each as the web app and as the Telegram
// Mini App (median of `runs` audits each, the four pages interleaved), plus the gzipped JS and CSS
// each page loads before anyone touches it. Measured on a database of its own with bench:data's
// listings (filled on first use), so the pages show a full feed and a listing with its photo.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { MINI_APP_PATH } from '@market/contracts';
import { signedLaunch, TEST_BOT_TOKEN } from '../test/support/telegram-init-data.ts';
import { parseArgs } from './lib/args.mjs';
import { databaseUrl, ensureDatabase, migrate, requireBuild, root, startApi } from './lib/stack.mjs';

const requireFromBackend = createRequire(join(root, 'backend/package.json'));

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install Debian's (\`apt-get install chromium\`) or set CHROMIUM_PATH.`);
  process.exit(1);
}

/**
 * Every script and stylesheet of the build the page fetched while Lighthouse watched it load,
 * with nobody touching it: the entry, its preloads and the route's chunks alike. Sizes are
 * gzip's of the built files, whatever encoding the server chose. `jsBeforeLcp`: the scripts
 * asked for before the largest paint (as observed, not simulated), what the first screen waited
 * for; the rest came after it (inside Telegram, its SDK).
 */
function loadedAssets(lhr) {
  const dist = join(root, 'frontend/dist');
  const largestPaint = lhr.audits.metrics.details.items[0].observedLargestContentfulPaint;
  const requested = new Map();
  for (const request of lhr.audits['network-requests'].details.items) {
    const path = new URL(request.url).pathname;
    if (!/^\/assets\/[^/]+\.(?:js|css)$/.test(path)) continue;
    requested.set(path, Math.min(requested.get(path) ?? Infinity, request.networkRequestTime ?? Infinity));
  }
  const sizes = { js: 0, jsBeforeLcp: 0, css: 0, files: [] };
  for (const [path, requestedAt] of requested) {
    const gzipped = gzipSync(readFileSync(join(dist, path))).length;
    sizes[path.endsWith('.css') ? 'css' : 'js'] += gzipped;
    if (path.endsWith('.js') && requestedAt < largestPaint) sizes.jsBeforeLcp += gzipped;
    sizes.files.push({ path, gzipped });
  }
  sizes.files.sort((a, b) => b.gzipped - a.gzipped);
  return sizes;
}

/**
 * bench:data writes photo records without files. Real listings have their photos, so the pages
 * measured get photo-like pictures (blurred noise at the app's sizes and WebP quality: about
 * 190 KB for the 1600 px photo, a detailed camera picture) in a storage of the run's own: no
 * 404s in the console, and the image bytes a visitor would download.
 */
async function writeListingPhotos(storageDir, keys) {
  const sharp = requireFromBackend('sharp');
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
        const what = [item.issueType, item.url ?? item.sourceLocation?.url, item.node?.snippet ?? item.description ?? item.value].filter(Boolean).join(' ');
        if (what) lines.push(`      ${what.slice(0, 160)}`);
      }
    }
  }
  const opportunities = Object.values(lhr.audits).filter((audit) => audit.details?.type === 'opportunity' && audit.numericValue > 0);
  for (const audit of opportunities) lines.push(`  opportunity: ${audit.title} (${audit.displayValue ?? `${Math.round(audit.numericValue)} ms`})`);
  // What moved after it was drawn (CLS), largest shift first.
  for (const shift of (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 3)) {
    lines.push(`  layout shift ${shift.score.toFixed(3)}: ${(shift.node?.snippet ?? shift.node?.selector ?? '?').slice(0, 160)}`);
  }
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  if (lcpElement) lines.push(`  LCP element: ${lcpElement.slice(0, 160)}`);
  // Where its time went: the server's answer, the wait before the picture was asked for, its download, the render after.
  const phases = lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? [];
  if (phases.length) lines.push(`  LCP phases: ${phases.map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', ')}`);
  return lines;
}

/**
 * Telegram's side of the Mini Apps protocol as its Android app provides it in the webview
 * (window.TelegramWebviewProxy), run in the page before the app: it answers the theme, viewport
 * and safe-area requests the app makes at start, as Telegram does (e2e/support/mini-app.ts has
 * the whole client for the browser tests).
 */
function telegramWebview(theme) {
  const page = globalThis; // the page's window
  const send = (eventType, eventData) => page.Telegram.WebView.receiveEvent(eventType, eventData);
  const insets = { top: 0, bottom: 0, left: 0, right: 0 };
  const answers = {
    web_app_request_theme: () => send('theme_changed', { theme_params: theme }),
    web_app_request_viewport: () => send('viewport_changed', { height: page.innerHeight, width: page.innerWidth, is_expanded: true, is_state_stable: true }),
    web_app_request_safe_area: () => send('safe_area_changed', insets),
    web_app_request_content_safe_area: () => send('content_safe_area_changed', insets),
  };
  page.TelegramWebviewProxy = { postEvent: (method) => answers[method] && setTimeout(answers[method]) };
}

/** Telegram's light theme (themeParams), as its Android app sends it. */
const LIGHT_THEME = { bg_color: '#ffffff', secondary_bg_color: '#f0f0f0', text_color: '#222222', hint_color: '#a8a8a8', link_color: '#2678b6', button_color: '#50a8eb', button_text_color: '#ffffff' };

/**
 * Lighthouse's report of a page (`{ url, insideTelegram }`) as a first visit: in a browser context
 * of its own, so nothing one run stored (the Mini App's login flag, a service worker) reaches the
 * next. A run whose trace broke (NO_NAVSTART and the like, now and then in headless Chromium) is
 * run again.
 */
async function lighthouseReport(browser, { url, insideTelegram }, attempts = 3) {
  const context = await browser.createBrowserContext();
  const tab = await context.newPage();
  try {
    if (insideTelegram) await tab.evaluateOnNewDocument(telegramWebview, LIGHT_THEME);
    const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
    const { lhr } = await lighthouse(url, flags, undefined, tab);
    if (!lhr.runtimeError || attempts <= 1) return lhr;
    console.warn(`Lighthouse failed on ${url} (${lhr.runtimeError.code}); running it again`);
  } finally {
    await context.close();
  }
  return lighthouseReport(browser, { url, insideTelegram }, attempts - 1);
}

async function audit(browser, page) {
  const lhr = await lighthouseReport(browser, page);
  const score = (id) => Math.round(lhr.categories[id].score * 100);
  const metric = (id) => lhr.audits[id].numericValue;
  return {
    page: page.name,
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
 * by several points: each page is audited `runs` times, the pages in turn (a busy minute falls on
 * all of them alike), and the run of median performance is reported, with the range seen. A
 * first, uncounted round warms the server (JIT, connection pool, caches), as visitors before
 * would have: a page's first load after a restart is not what visitors see.
 */
async function medianAudits(browser, pages, runs) {
  for (const page of pages) await lighthouseReport(browser, page);
  const audits = pages.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [index, page] of pages.entries()) audits[index].push(await audit(browser, page));
  }
  return audits.map((runsOfPage) => {
    runsOfPage.sort((a, b) => a.performance - b.performance);
    const median = runsOfPage[Math.floor((runsOfPage.length - 1) / 2)];
    return { ...median, performanceRange: `${runsOfPage[0].performance}-${runsOfPage.at(-1).performance}` };
  });
}

/** Fills `database` with bench:data's listings unless it already has listings on sale. */
async function ensureListings(database, listings) {
  await ensureDatabase(database);
  migrate(databaseUrl(database));
  const { Client } = requireFromBackend('pg');
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM listing WHERE status = 'active') AS filled`);
    if (rows[0].filled) return;
  } finally {
    await client.end();
  }
  console.log(`Filling ${database} with ${listings} listings (bench:data)`);
  const filled = spawnSync(process.execPath, ['bench/data.mjs', '--database', database, '--listings', String(listings)], { cwd: root, stdio: 'inherit' });
  if (filled.status !== 0) process.exit(filled.status ?? 1);
}

/**
 * A returning Telegram user: the chat of one of the sellers is linked to the bot, so the Mini App
 * signs them in with its initData, as it does a buyer who came from a channel post.
 */
async function linkedTelegramUser(database) {
  const { Client } = requireFromBackend('pg');
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    const chatId = 5937400001;
    await client.query(
      `INSERT INTO telegram_subscription (user_id, chat_id, language)
       SELECT id, $1, 'uz' FROM users WHERE NOT EXISTS (SELECT 1 FROM telegram_subscription WHERE chat_id = $1) ORDER BY phone_number LIMIT 1`,
      [chatId],
    );
    return { id: chatId, first_name: 'Jasur', language_code: 'uz' };
  } finally {
    await client.end();
  }
}

/**
 * The card photos of the promoted listings: the first page's TOP places are drawn anew for each
 * request (issue 39), so the page audited may show others than the bench saw, and a photo missing
 * is a console error (best practices).
 */
async function promotedPhotoKeys(database) {
  const { Client } = requireFromBackend('pg');
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT DISTINCT unnest(image.variant_keys) AS key FROM promotion
         JOIN listing_image ON listing_image.listing_id = promotion.listing_id AND listing_image.position = 0
         JOIN images image ON image.id = listing_image.image_id`,
    );
    return rows.map((row) => row.key);
  } finally {
    await client.end();
  }
}

/** The address Telegram opens the Mini App at: its entry page, `startapp` as tgWebAppStartParam, the signed launch in the hash. */
function miniAppUrl(baseUrl, user, startParam) {
  const launch = new URLSearchParams({
    tgWebAppData: signedLaunch(user, startParam ? { startParam } : {}),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(LIGHT_THEME),
  });
  return `${baseUrl}${MINI_APP_PATH}${startParam ? `?tgWebAppStartParam=${startParam}` : ''}#${launch}`;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

requireBuild();
const { database, runs, listings } = parseArgs({ database: 'market_web', runs: 3, listings: 2000 });
await ensureListings(database, listings);
const telegramUser = await linkedTelegramUser(database);
const storageDir = mkdtempSync(join(tmpdir(), 'bench-web-storage-'));
const api = await startApi({ DATABASE_URL: databaseUrl(database), STORAGE_DIR: storageDir, TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN });
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
try {
  const getJson = (path) => fetch(`${api.baseUrl}/api${path}`).then((response) => (response.ok ? response.json() : undefined));
  const { phones = [] } = (await getJson('/phone?page=1')) ?? {};
  const listing = phones.find((phone) => phone.image);
  if (!listing) throw new Error(`No listing with a photo on the first page of ${database}`);
  const detail = await getJson(`/phone/${listing._id}`);
  const photoKeys = phones.flatMap((phone) => (phone.image ? [phone.image.key] : []));
  photoKeys.push(...(await promotedPhotoKeys(database)));
  photoKeys.push(...(detail?.images ?? []).flatMap((image) => [image.key, image.key.replace(/\.webp$/, '-800.webp')]));
  await writeListingPhotos(storageDir, photoKeys);
  const pages = [
    { name: 'web /', url: `${api.baseUrl}/` },
    { name: 'Mini App /', url: miniAppUrl(api.baseUrl, telegramUser), insideTelegram: true },
    { name: 'web /phone/{id}', url: `${api.baseUrl}/phone/${listing._id}` },
    { name: 'Mini App /phone/{id}', url: miniAppUrl(api.baseUrl, telegramUser, listing._id), insideTelegram: true },
  ];
  const load = loadavg();
  const results = await medianAudits(browser, pages, runs);
  console.table(results.map(({ findings: _findings, assets, ...scores }) => ({ ...scores, jsKb: kb(assets.js), jsBeforeLcpKb: kb(assets.jsBeforeLcp), cssKb: kb(assets.css) })));
  for (const { page, findings: lines } of results) console.log(`${page} (median run): what Lighthouse marks down\n${lines.join('\n') || '  nothing'}`);
  for (const { page, assets } of results) {
    const largest = assets.files.slice(0, 6).map(({ path, gzipped }) => `${path.replace(/^\/assets\//, '')} ${kb(gzipped)}`);
    console.log(`${page}: JavaScript loaded before interaction ${kb(assets.js)} KB gzipped (${kb(assets.jsBeforeLcp)} asked for before the largest paint); CSS ${kb(assets.css)} KB gzipped (largest: ${largest.join(', ')})`);
  }
  console.log(`Load average (1, 5, 15 min) at the start: ${load.map((value) => value.toFixed(1)).join(' ')}; at the end: ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
} finally {
  await browser.disconnect();
  await chrome.kill();
  await api.stop();
  rmSync(storageDir, { recursive: true, force: true });
}
