import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import type { SeededListing } from '../support/listings';
import { onEachScreen } from '../support/screens';
import { PHONE } from '../support/viewports';

/** Every URL the page's origin keeps in its caches (the service worker's). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
}

/** Opens `path` until the service worker answers it: the first visit installs the worker, a later one goes through it. */
async function openThroughWorker(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test.describe('the installable app', () => {
  // The other browser tests block service workers (playwright.config.ts); these are about it.
  test.use({ serviceWorkers: 'allow', viewport: PHONE });
  const tag = Date.now().toString(36);
  let listing: SeededListing;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`Offlinebrand ${tag}`);
    const device = await listings.createDevice(brand, `Offlinephone ${tag}`);
    const seller = await listings.createSeller({ name: 'Jasur' });
    listing = await listings.createListing({ device, seller, name: `Offlinephone ${tag} 6/128`, price: 2_750_000, photos: 1 });
  });

  test('has a manifest with its name, PNG icons, theme colour and start page', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await request.get(href!);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as { icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Telefon bozor', short_name: 'Telefon bozor', start_url: '/', display: 'standalone', theme_color: '#0f766e' });
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e');
    for (const [size, purpose] of [[192, undefined], [512, undefined], [512, 'maskable']] as const) {
      const icon = manifest.icons.find((candidate) => candidate.sizes === `${size}x${size}` && candidate.purpose === purpose);
      expect(icon, `a ${size} px ${purpose ?? 'any'} icon`).toMatchObject({ type: 'image/png' });
      const png = await request.get(icon!.src);
      expect(png.headers()['content-type']).toBe('image/png');
      // A PNG's header holds its width and height at bytes 16 and 20.
      const body = await png.body();
      expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([size, size]);
    }
  });

  test("passes Chromium's own installability checks (those Lighthouse's installable audit ran)", async ({ page, context }) => {
    await openThroughWorker(page, '/');
    const chromium = await context.newCDPSession(page);
    // A test's browser context is incognito, where Chromium installs nothing: the one error that is about the browser, not the app.
    const installabilityErrors = async () =>
      (await chromium.send('Page.getInstallabilityErrors')).installabilityErrors.map(({ errorId }) => errorId).filter((errorId) => errorId !== 'in-incognito');
    await expect.poll(installabilityErrors, { intervals: [250] }).toEqual([]);
  });

  test('opens the app and the pages last seen when the network drops', async ({ page, context, consoleErrors }) => {
    const title = page.getByRole('heading', { level: 1, name: listing.name });
    const photo = page.getByRole('img', { name: `${listing.name}, 1-rasm (1 tadan)` });
    /** The photo's address once it is shown (on the page, or in `within`); '' while it loads or when it failed. */
    const shownPhoto = (within: Page | Locator = page) =>
      within
        .getByRole('img', { name: `${listing.name}, 1-rasm (1 tadan)` })
        .evaluate((image: HTMLImageElement) => (image.complete && image.naturalWidth > 0 ? image.currentSrc : ''));
    await openThroughWorker(page, `/phone/${listing.id}`);
    await expect(title).toBeVisible();
    // Seen means seen: the photo is whole and the seller's panel shown before the visitor moves on (a busy machine
    // may still be loading them; the panel's code and answer come after the page's).
    await expect.poll(() => shownPhoto()).toContain('/uploads/');
    await expect(page.getByRole('region', { name: 'Sotuvchi haqida' })).toBeVisible();
    const seenPhoto = new URL(await shownPhoto()).pathname;
    await page.goto('/');
    await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();
    expect((await cachedUrls(page)).map((url) => new URL(url).pathname)).toContain(`/api/phone/${listing.id}`);
    // The photo is kept once its answer is written to the cache, a moment after it is shown.
    await expect.poll(async () => (await cachedUrls(page)).map((url) => new URL(url).pathname)).toContain(seenPhoto);

    await context.setOffline(true);
    await page.goto(`/phone/${listing.id}`);
    await expect(title).toBeVisible();
    await expect(page.locator('main').getByText(/^2\s750\s000\sso'm$/)).toBeVisible();
    await expect.poll(() => shownPhoto()).toContain('/uploads/');
    // Zooming offline: the viewer's code is kept with the app's, so it opens on the photo, never the error screen.
    await photo.dblclick();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();
    await expect.poll(() => shownPhoto(viewer)).toContain('/uploads/');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();
    // A photo never seen (a kept feed's card below the fold): the placeholder picture, not a broken image.
    const unseenPhoto = seenPhoto.replace(/[^/]+$/, 'never-seen-800.png');
    const shows = (src: string) =>
      page.evaluate(
        (address) =>
          new Promise<boolean>((resolve) => {
            const image = new Image();
            image.onload = () => resolve(image.naturalWidth > 0);
            image.onerror = () => resolve(false);
            image.src = address;
          }),
        src,
      );
    expect(await shows(unseenPhoto)).toBe(true);

    // A page never opened: the app itself still opens, and says what it could not load.
    consoleErrors.allow(/Failed to load resource: net::ERR_FAILED \(.*\/api\/phone\/00000000-0000-4000-8000-000000000000:/);
    await page.goto('/phone/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('link', { name: 'Telefon bozor: bosh sahifa' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Qayta urinish' })).toBeVisible();
    await context.setOffline(false);
  });

  onEachScreen(() => {
    test("says in the reader's language why a page never opened cannot load offline, under the offline banner", async ({ page, context, consoleErrors }) => {
      const neverOpened = '/phone/00000000-0000-4000-8000-000000000001';
      consoleErrors.allow(/Failed to load resource: net::ERR_FAILED \(.*\/api\/phone\/00000000-0000-4000-8000-000000000001:/);
      await openThroughWorker(page, '/');
      // The home page's own reads done and kept by the worker (it stores an answer after handing it over): the connection goes after them.
      await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();
      await expect.poll(async () => (await cachedUrls(page)).map((url) => new URL(url).pathname)).toContain('/api/category');
      await context.setOffline(true);
      await page.goto(neverOpened);
      await expect(page.getByRole('heading', { level: 1, name: "Internet aloqasi yo'q. Ulanib, qayta urinib ko'ring" })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: "Internet aloqasi yo'q. Oldin ochilgan sahifalar ko'rinadi" })).toBeVisible();

      await page.evaluate(() => localStorage.setItem('lang', 'ru'));
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Нет подключения к интернету. Подключитесь и попробуйте снова' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Повторить' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Нет подключения к интернету. Открытые ранее страницы доступны' })).toBeVisible();
      await expect(page.getByText('Failed to fetch')).toHaveCount(0);
      await context.setOffline(false);
    });
  });

  test("keeps none of a signed-in visitor's API answers", async ({ seller }) => {
    const { page } = seller;
    await openThroughWorker(page, `/phone/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();
    await page.goto('/profile');
    const kept = (await cachedUrls(page)).map((url) => new URL(url).pathname);
    // The app shell is kept, API answers are not.
    expect(kept).toContain('/index.html');
    expect(kept.filter((path) => path.startsWith('/api/'))).toEqual([]);
  });
});
