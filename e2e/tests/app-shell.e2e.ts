import { newPhoneNumber, typePhoneNumber } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import type { E2eListings, SeededListing } from '../support/listings';
import { onEachScreen } from '../support/screens';
import { layoutWidth, PHONE } from '../support/viewports';

test.describe('app shell', () => {
  test('renders the home page in Uzbek by default', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Ishlatilgan telefonlar' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await expect(page.getByRole('link', { name: 'Kirish' })).toBeVisible();
  });

  test("ships React Router's production build, without its development warnings", async ({ page }) => {
    // React Router's package names only its development build (remix-run/react-router#12437); vite.config.ts picks the production one.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Ishlatilgan telefonlar' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The scripts are read again by URL once the page has settled: a body read from a response event can still be
    // pending when the test ends (a chunk fetched late), which fails the test with 'response.text: Test ended'.
    const urls = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => new URL(url).pathname.endsWith('.js')),
    );
    expect(urls.length).toBeGreaterThan(0);
    const code = await Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
    expect(code.some((script) => script.includes('useNavigate() may be used only in the context of a <Router> component'))).toBe(true);
    expect(code.filter((script) => script.includes('Hey developer'))).toEqual([]);
  });

  test('keeps Russian after switching to it and reloading', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Til' }).selectOption('ru');
    await expect(page.getByRole('heading', { name: 'Б/у телефоны' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Б/у телефоны' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
  });

  test('switches a page with texts of its own to English, with its messages and the pages it links to', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: "Ro'yxatdan o'tish" })).toBeVisible();
    await page.getByRole('combobox', { name: 'Til' }).selectOption('en');
    await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByLabel('Your name').fill('Malika');
    await typePhoneNumber(page, newPhoneNumber(), 'Phone number');
    await page.getByLabel('Password', { exact: true }).fill('malika-parol');
    await page.getByLabel('Confirm the password').fill('malika-parol');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Please accept the terms of use')).toBeVisible();

    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  test("shows the spec's Error heading for an unknown route, with a link home", async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Bosh sahifaga qaytish' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Ishlatilgan telefonlar' })).toBeVisible();
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: PHONE });

    // The fixtures fail a test on any console error: these visit every page, as a visitor and signed in.
    test('opens every page of a visitor without a console error', async ({ page, listings }) => {
      const listing = await shownListing(listings);
      for (const [path, heading] of [
        ['/', 'Ishlatilgan telefonlar'],
        [`/phone/${listing.id}`, listing.name],
        ['/login', 'Kirish'],
        ['/register', "Ro'yxatdan o'tish"],
        ['/forgot', 'Parolni tiklash'],
        ['/terms', 'Foydalanish shartlari'],
        ['/categories', "Bo'limlar"],
        ['/no/such/page', 'Error'],
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, exact: true, level: 1 }), path).toBeVisible();
      }
    });

    test('opens every page of a signed-in seller without a console error', async ({ seller: { page }, listings }) => {
      const listing = await shownListing(listings);
      for (const [path, heading] of [
        ['/', 'Ishlatilgan telefonlar'],
        [`/phone/${listing.id}`, listing.name],
        ['/login', "Mening e'lonlarim"],
        ['/register', "Mening e'lonlarim"],
        ['/profile/settings', 'Sozlamalar'],
        ['/profile/balance', 'Balans'],
        ['/profile/phone/add', "E'lon berish"],
        ['/terms', 'Foydalanish shartlari'],
        ['/no/such/page', 'Error'],
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, exact: true, level: 1 }), path).toBeVisible();
      }
      // In-app navigation too: the top bar's links, the user menu.
      await page.getByRole('link', { name: "E'lon berish" }).click();
      await page.getByRole('button', { name: /^Foydalanuvchi menyusi/ }).click();
      await page.getByRole('menuitem', { name: 'Sozlamalar' }).click();
      await expect(page.getByRole('heading', { name: 'Sozlamalar', level: 1 })).toBeVisible();
    });
  });

  onEachScreen((viewport) => {
    test('says while offline, in the reader\'s language, that the page is offline and what still works, and stops once back', async ({
      page,
      context,
      consoleErrors,
    }) => {
      // Scrolled offline, the cards further down cannot fetch their photos: Chromium logs each, as it would for anyone.
      consoleErrors.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
      const banner = (text: string) => page.getByRole('status').filter({ hasText: text });
      const uzbek = banner("Internet aloqasi yo'q. Oldin ochilgan sahifalar ko'rinadi, qolgani aloqa tiklangach ishlaydi.");
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Ishlatilgan telefonlar' })).toBeVisible();
      await expect(uzbek).toHaveCount(0);
      await context.setOffline(true);
      await expect(uzbek).toBeVisible();
      // It stays on screen however far the page is scrolled, and fits it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(uzbek).toBeInViewport();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);
      await context.setOffline(false);
      await expect(uzbek).toHaveCount(0);

      await page.getByRole('combobox', { name: 'Til' }).selectOption('ru');
      await expect(page.getByRole('heading', { name: 'Б/у телефоны' })).toBeVisible();
      await context.setOffline(true);
      await expect(banner('Нет подключения к интернету. Открытые ранее страницы доступны, остальное заработает, когда связь вернётся.')).toBeVisible();
      await context.setOffline(false);
      await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');
      await expect(page.getByRole('heading', { name: 'Used phones' })).toBeVisible();
      await context.setOffline(true);
      const english = banner('You are offline. Pages you opened before still show; the rest works once the connection is back.');
      await expect(english).toBeVisible();
      await context.setOffline(false);
      await expect(english).toHaveCount(0);
    });
  });
});

/** An approved listing to open. */
async function shownListing(listings: E2eListings): Promise<SeededListing> {
  const run = Date.now().toString(36);
  const brand = await listings.createBrand(`E2E sahifalar ${run}`);
  const device = await listings.createDevice(brand, `Sahifalar ${run}`);
  const seller = await listings.createSeller({ name: 'Sahifalar sotuvchi' });
  return listings.createListing({ device, seller, name: `Sahifa ${run}` });
}
