import type { Page, Request } from '@playwright/test';
import config from '../playwright.config';
import { expect, test } from '../support/fixtures';
import type { E2eListings, SeededListing } from '../support/listings';
import { newPhoneNumber } from '../support/accounts';
import { launchUrl, linkTelegramChat, openInTelegramApp, openInTelegramWeb, ownNumber, press, telegramCalls } from '../support/mini-app';
import { received } from '../support/received';
import { onEachScreen } from '../support/screens';
import { PHONE } from '../support/viewports';

/** Telegram users of this file only. */
let nextTelegramUser = 5937420000 + (Date.now() % 10_000) * 10;

/**
 * Telegram Web is a public site framing this stack on 127.0.0.1, which Chromium's Local Network
 * Access checks block; a deployed site is public too and is not blocked, so the check is off there.
 */
const launch = config.use!.launchOptions!;
const PUBLIC_SITE_FRAMES_LOOPBACK = { launchOptions: { ...launch, args: [...launch.args!, '--disable-features=LocalNetworkAccessChecks'] } };

test.use(PUBLIC_SITE_FRAMES_LOOPBACK);

const CLIENTS = [
  ['in the Telegram app (a webview)', openInTelegramApp],
  ['in Telegram Web (an iframe of another site: no cookies of ours, the session travels in the header)', openInTelegramWeb],
] as const;

/** The main button as the app last set it up. */
async function mainButton(page: Page): Promise<unknown> {
  return (await telegramCalls(page, 'web_app_setup_main_button')).at(-1);
}

test.describe('the marketplace as a Telegram Mini App', () => {
  test.use({ viewport: PHONE });
  const tag = Date.now().toString(36);
  let listing: SeededListing;

  /** A buyer whose Telegram chat is linked (a returning one), and the launch Telegram opens this file's listing with for them. */
  async function returningBuyerLaunch(listings: E2eListings, baseURL: string) {
    const buyer = await listings.createSeller({ name: 'Jasur' });
    const telegramUser = (nextTelegramUser += 1);
    await linkTelegramChat(buyer.id, telegramUser);
    return { buyer, url: launchUrl(baseURL, { id: telegramUser, first_name: 'Jasur', language_code: 'uz' }, listing.id) };
  }

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`Minibrand ${tag}`);
    const device = await listings.createDevice(brand, `Miniphone ${tag}`);
    listing = await listings.createListing({ device, seller: await listings.createSeller({ name: 'Sardor' }), name: `Miniphone ${tag} 128GB`, price: 3_100_000 });
  });

  // Telegram's phone apps first, then Telegram Desktop and Telegram Web on a wide screen.
  onEachScreen(() => {
    for (const [client, open] of CLIENTS) {
      test(`${client}: opens on the listing its link names, signed in without an SMS, in Telegram's colours; the MainButton writes to the seller and the BackButton returns`, async ({
        page,
        listings,
        baseURL,
      }) => {
        const { buyer, url } = await returningBuyerLaunch(listings, baseURL!);
        const apiRequests: Request[] = [];
        page.on('request', (request) => void (new URL(request.url()).pathname.startsWith('/api/') && apiRequests.push(request)));

        await open(page, url);
        const app = client.includes('iframe') ? page.frameLocator('iframe') : page;
        await expect(app.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
        // Signed in: the bottom bar (in place of the site's top bar, under Telegram's title) offers the profile.
        const bottomBar = app.getByRole('navigation', { name: "Ilova bo'limlari" });
        await expect(bottomBar.getByRole('link', { name: 'Profil' })).toBeVisible();
        await expect(app.getByRole('link', { name: 'Telefon bozor' })).toHaveCount(0);
        expect((await received<{ mobile_phone: string }>('eskiz')).filter((sms) => sms.mobile_phone === buyer.phoneNumber)).toEqual([]);

        // Telegram's dark theme: its colours on the page.
        const html = app.locator('html');
        await expect(html).toHaveCSS('background-color', 'rgb(35, 46, 60)');
        await expect(app.locator('h1')).toHaveCSS('color', 'rgb(245, 245, 245)');

        // The MainButton carries the page's main action: writing to the seller, then sending.
        await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Sotuvchiga yozish' });
        await press(page, 'main_button_pressed');
        await expect(app.getByRole('textbox', { name: 'Xabar' })).toBeVisible();
        await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Yuborish' });
        await press(page, 'main_button_pressed');
        await expect(app.getByTestId('message').filter({ hasText: 'Assalomu alaykum! Telefon hali sotuvdami?' })).toBeVisible();
        expect((await telegramCalls(page, 'web_app_trigger_haptic_feedback')).length).toBeGreaterThanOrEqual(2);
        // In the thread it sends what is typed.
        await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Yuborish', is_active: false });
        await app.getByRole('textbox', { name: 'Xabar' }).fill('Ertaga ko\'rsam bo\'ladimi?');
        await expect.poll(() => mainButton(page)).toMatchObject({ text: 'Yuborish', is_active: true });
        await press(page, 'main_button_pressed');
        await expect(app.getByTestId('message').filter({ hasText: "Ertaga ko'rsam bo'ladimi?" })).toBeVisible();

        // Telegram's BackButton appears in the thread and returns to the listing.
        await expect.poll(async () => (await telegramCalls(page, 'web_app_setup_back_button')).at(-1)).toEqual({ is_visible: true });
        await press(page, 'back_button_pressed');
        await expect(app.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
        await expect.poll(async () => (await telegramCalls(page, 'web_app_setup_back_button')).at(-1)).toEqual({ is_visible: false });

        // Every API request carried the session in the header, none a session cookie.
        const headers = await Promise.all(apiRequests.map((request) => request.allHeaders()));
        expect(headers.filter((sent) => sent.authorization?.startsWith('Bearer ')).length).toBeGreaterThan(0);
        expect(headers.filter((sent) => sent.cookie?.includes('session='))).toEqual([]);
      });
    }
  });

  test("draws the page its link names in Telegram's colours and signs in before Telegram's SDK has arrived, which then brings the MainButton", async ({
    page,
    listings,
    baseURL,
  }) => {
    const { url } = await returningBuyerLaunch(listings, baseURL!);
    let releaseSdk!: () => void;
    const sdkHeld = new Promise<void>((resolve) => (releaseSdk = resolve));
    await page.route(/\/assets\/telegram-sdk-[\w-]+\.js$/, async (route) => {
      await sdkHeld;
      await route.continue();
    });

    await openInTelegramApp(page, url);
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
    await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(35, 46, 60)');
    await expect(page.getByRole('navigation', { name: "Ilova bo'limlari" }).getByRole('link', { name: 'Profil' })).toBeVisible();
    expect(await telegramCalls(page, 'web_app_setup_main_button')).toEqual([]);

    releaseSdk();
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Sotuvchiga yozish' });
    expect(await telegramCalls(page, 'web_app_ready')).toHaveLength(1);
  });

  test("asks the launch's sign-in once, before the first render, beside the page's code, so the page draws signed in", async ({ page, listings, baseURL }) => {
    const { url } = await returningBuyerLaunch(listings, baseURL!);
    const isSignIn = (request: Request) => new URL(request.url()).pathname === '/api/auth/telegram';
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (isSignIn(request)) signIns.push(request.url());
    });
    const signInAsked = page.waitForRequest(isSignIn);
    // The listing page's code arrives only once the sign-in is asked: asked after the first render, it never would be.
    await page.route(/\/assets\/phone-detail-[\w-]+\.js$/, async (route) => {
      await signInAsked;
      await route.continue();
    });

    await openInTelegramApp(page, url);
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Sotuvchiga yozish' });
    expect(signIns).toHaveLength(1);
  });

  test("a page's new sign-in replaces its session without signing the person out: its requests wait for the new session", async ({ page, listings, baseURL }) => {
    await openInTelegramApp(page, (await returningBuyerLaunch(listings, baseURL!)).url);
    await expect(page.getByRole('navigation', { name: "Ilova bo'limlari" }).getByRole('link', { name: 'Profil' })).toBeVisible();
    // The server ends the page's session at once; the new one reaches the page a second later.
    await page.route('**/api/auth/telegram', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.fulfill({ response });
    });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });

    await page.goto('/profile/balance');
    await expect(page.getByText("Telegram ichida to'lovlar qabul qilinmaydi")).toBeVisible();
    expect(refused).toEqual([]);
  });

  test("opens on the home page without Telegram's SDK, ready and expanded; the SDK comes with the first screen that has a way back, whose BackButton returns home", async ({
    page,
    listings,
    baseURL,
  }) => {
    const buyer = await listings.createSeller({ name: 'Jasur' });
    const telegramUser = (nextTelegramUser += 1);
    await linkTelegramChat(buyer.id, telegramUser);
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));

    await openInTelegramApp(page, launchUrl(baseURL!, { id: telegramUser, first_name: 'Jasur', language_code: 'uz' }));
    const bottomBar = page.getByRole('navigation', { name: "Ilova bo'limlari" });
    await expect(bottomBar.getByRole('link', { name: 'Profil' })).toBeVisible();
    await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(35, 46, 60)');
    await expect.poll(() => telegramCalls(page, 'web_app_ready')).toHaveLength(1);
    expect(await telegramCalls(page, 'web_app_expand')).toHaveLength(1);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /telegram-sdk|telegram-buttons/.test(path))).toEqual([]);

    await bottomBar.getByRole('link', { name: 'Profil' }).click();
    await expect.poll(async () => (await telegramCalls(page, 'web_app_setup_back_button')).at(-1)).toEqual({ is_visible: true });
    expect(scripts.filter((path) => /telegram-sdk/.test(path))).toHaveLength(1);
    await press(page, 'back_button_pressed');
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => (await telegramCalls(page, 'web_app_setup_back_button')).at(-1)).toEqual({ is_visible: false });
    expect(await telegramCalls(page, 'web_app_ready')).toHaveLength(1);
  });

  test('inside Telegram the balance offers no card top-up, as Telegram wants Stars for digital goods', async ({ page, listings, baseURL }) => {
    await openInTelegramApp(page, (await returningBuyerLaunch(listings, baseURL!)).url);
    await page.getByRole('navigation', { name: "Ilova bo'limlari" }).getByRole('link', { name: 'Profil' }).click();
    await page.goto('/profile/balance');
    await expect(page.getByText("Telegram ichida to'lovlar qabul qilinmaydi")).toBeVisible();
    await expect(page.getByRole('button', { name: "Hisobni to'ldirish" })).toHaveCount(0);
  });

  test('a Telegram user without an account shares their number with the bot and is registered and signed in, without an SMS', async ({ page, listings, baseURL }) => {
    const telegramUser = (nextTelegramUser += 1);
    const phoneNumber = newPhoneNumber();
    await ownNumber(page, telegramUser, phoneNumber);
    await openInTelegramApp(page, launchUrl(baseURL!, { id: telegramUser, first_name: 'Malika', last_name: 'Karimova', language_code: 'uz' }, listing.id));
    const dialog = page.getByRole('dialog', { name: 'Telegram raqamingiz bilan kirish' });
    await expect(dialog.getByLabel('Ismingiz')).toHaveValue('Malika Karimova');
    await dialog.getByLabel('Foydalanish shartlariga roziman').check();
    await dialog.getByRole('button', { name: 'Raqamni ulashish' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('navigation', { name: "Ilova bo'limlari" }).getByRole('link', { name: 'Profil' })).toBeVisible();
    expect(await listings.sellerOf(phoneNumber)).toMatchObject({ name: 'Malika Karimova' });
    expect((await received<{ mobile_phone: string }>('eskiz')).filter((sms) => sms.mobile_phone === phoneNumber)).toEqual([]);
  });

  test("speaks the Telegram user's language until they choose another", async ({ page, listings, baseURL }) => {
    const buyer = await listings.createSeller({ name: 'Ivan' });
    const telegramUser = (nextTelegramUser += 1);
    await linkTelegramChat(buyer.id, telegramUser);
    await openInTelegramApp(page, launchUrl(baseURL!, { id: telegramUser, first_name: 'Ivan', language_code: 'ru' }, listing.id));
    const bottomBar = page.getByRole('navigation', { name: 'Разделы приложения' });
    await expect(bottomBar.getByRole('link', { name: 'Профиль' })).toBeVisible();
    await bottomBar.getByRole('combobox').selectOption('en');
    await expect(page.getByRole('navigation', { name: 'App sections' }).getByRole('link', { name: 'Profile' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'App sections' }).getByRole('link', { name: 'Profile' })).toBeVisible();
  });

  test('the web app outside Telegram downloads none of the Mini App', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
    await page.goto(`/phone/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Telefon bozor' })).toBeVisible();
    expect(scripts.filter((path) => /telegram-sdk|mini-app/.test(path))).toEqual([]);
  });
});
