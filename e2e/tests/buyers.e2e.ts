import type { Page } from '@playwright/test';
import { newPhoneNumber, signInHereWithNewNumber } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import type { SeededBrand, SeededListing } from '../support/listings';
import { onEachScreen } from '../support/screens';
import { layoutWidth, PHONE } from '../support/viewports';

/** The signed-in user's menu leads to the profile's pages on every screen size (the side menu is for large screens only). */
async function openFromUserMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: /Foydalanuvchi menyusi/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe("buyers' favourites and saved searches", () => {
  const tag = Date.now().toString(36);
  let brand: SeededBrand;
  let listing: SeededListing;

  test.beforeAll(async ({ listings }) => {
    brand = await listings.createBrand(`Buyerbrand ${tag}`);
    const device = await listings.createDevice(brand, `Buyerphone ${tag}`);
    const seller = await listings.createSeller({ name: 'Sardor' });
    listing = await listings.createListing({ device, seller, name: `Buyerphone ${tag}`, region: 'toshkent', price: 3_200_000 });
  });

  onEachScreen((viewport) => {
    test('saves the filtered search from the home page and finds it in the profile, which opens its feed', async ({ seller }) => {
      const { page } = seller;
      // The whole list (the order is always set) is no search to save.
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Filtrlar' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('button', { name: 'Qidiruvni saqlash' })).toHaveCount(0);
      await page.goto(`/?page=1&brand=${brand.id}&region=toshkent`);
      await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();
      await page.getByRole('button', { name: 'Qidiruvni saqlash' }).click();
      await expect(page.getByText('Qidiruv saqlandi')).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);

      await openFromUserMenu(page, 'Saqlangan qidiruvlar');
      await expect(page).toHaveURL('/profile/searches');
      const saved = page.getByTestId('saved-search');
      await expect(saved).toHaveCount(1);
      await expect(saved.getByRole('button', { name: `${brand.name}, Toshkent`, exact: true })).toBeVisible();
      await expect(saved.getByLabel('Telegram xabarlari:')).toHaveValue('instant');
      expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);

      await saved.getByLabel('Telegram xabarlari:').selectOption('daily');
      await page.reload();
      await expect(page.getByTestId('saved-search').getByLabel('Telegram xabarlari:')).toHaveValue('daily');

      await page.getByRole('button', { name: `${brand.name}, Toshkent`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/\\?page=1&brand=${brand.id}&region=toshkent$`));
      await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();
    });

    test('says so in Uzbek when the connection is gone, and a later success clears that error', async ({ seller, consoleErrors }) => {
      const { page } = seller;
      // The browser reports the request it could not send.
      consoleErrors.allow(/ERR_INTERNET_DISCONNECTED/);
      // The sign-in's greeting brought the notifications' code, which the browser keeps for when the connection goes.
      await expect(page.getByRole('alert')).toBeVisible();
      await page.goto(`/?page=1&brand=${brand.id}&region=samarqand`);
      await expect(page.getByRole('button', { name: 'Qidiruvni saqlash' })).toBeVisible();
      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'Qidiruvni saqlash' }).click();
      const offline = page.getByText("Internet aloqasi yo'q. Ulanib, qayta urinib ko'ring");
      await expect(offline).toBeVisible();
      await expect(page.getByText('Failed to fetch')).toHaveCount(0);

      await page.context().setOffline(false);
      await page.getByRole('button', { name: 'Qidiruvni saqlash' }).click();
      await expect(page.getByText('Qidiruv saqlandi')).toBeVisible();
      await expect(offline).toHaveCount(0);
    });

    test("keeps the page when the connection goes before the top bar's parts arrive, and shows them once it is back", async ({ seller, consoleErrors }) => {
      const { page } = seller;
      consoleErrors.allow(/ERR_INTERNET_DISCONNECTED/);
      // The bell's code comes after the page's own: the connection goes just as the browser asks for it. The
      // sign-in's page may still be asking for its bell; leaving it first keeps that request out of this one's way.
      await page.goto('about:blank');
      let lost = false;
      await page.route(/\/assets\/notifications-bell-[\w-]+\.js$/, async (route) => {
        if (lost) return route.continue();
        lost = true;
        await page.context().setOffline(true);
        await route.abort('internetdisconnected');
      });
      await page.goto(`/?page=1&brand=${brand.id}&region=toshkent`, { waitUntil: 'commit' });
      await expect.poll(() => lost).toBe(true);
      await expect(page.getByRole('link', { name: 'Telefon bozor: bosh sahifa' })).toBeVisible();
      await expect(page.getByRole('button', { name: /Foydalanuvchi menyusi/ })).toBeVisible();

      await page.context().setOffline(false);
      await expect(page.getByRole('link', { name: /^Bildirishnomalar/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();
    });

    test('brings a visitor who tapped the heart back to the listing after signing in, the heart kept and no error shown', async ({ page }) => {
      await page.goto(`/phone/${listing.id}`);
      await page.getByRole('button', { name: "Saralanganlarga qo'shish" }).click();
      const dialog = page.getByRole('dialog', { name: 'Kirish kerak' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Kirish' }).click();
      await expect(page).toHaveURL('/login');

      await signInHereWithNewNumber(page, newPhoneNumber());
      await expect(page).toHaveURL(`/phone/${listing.id}`);
      await expect(page.getByRole('button', { name: 'Saralanganlardan olib tashlash' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('alert')).toHaveCount(0);

      await openFromUserMenu(page, 'Saralanganlar');
      await expect(page.getByRole('heading', { level: 2, name: listing.name })).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);

      // Let go from the card: the heart empties on the home page's card too.
      await page.getByRole('button', { name: 'Saralanganlardan olib tashlash' }).click();
      await page.goto(`/?page=1&brand=${brand.id}`);
      await expect(page.locator('#listings').getByRole('button', { name: "Saralanganlarga qo'shish" })).toHaveAttribute('aria-pressed', 'false');
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test("shows a visitor the listings they opened on the home page and the seller's page from the listing", async ({ page }) => {
      await page.goto(`/phone/${listing.id}`);
      await page.getByRole('link', { name: 'Sardor' }).click();
      await expect(page).toHaveURL(/\/seller\//);
      await expect(page.getByRole('heading', { level: 1, name: 'Sardor' })).toBeVisible();
      await expect(page.getByText('telefon tasdiqlangan')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: listing.name })).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);

      await page.goto(`/?brand=${brand.id}`);
      await page.locator('#listings').getByRole('link', { name: "Sotuvchining barcha e'lonlari" }).click();
      await expect(page).toHaveURL(/\/seller\//);
      await expect(page.getByRole('heading', { level: 2, name: listing.name })).toBeVisible();
      await expect(page.getByRole('link', { name: "Sotuvchining barcha e'lonlari" })).toHaveCount(0);

      await page.goto('/');
      const recent = page.getByRole('region', { name: "Yaqinda ko'rilganlar" });
      await expect(recent.getByRole('link', { name: new RegExp(listing.name) })).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });
  });
});
