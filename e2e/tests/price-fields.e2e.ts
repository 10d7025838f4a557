import { expect, test } from '../support/fixtures';
import type { SeededListing } from '../support/listings';
import { PHONE } from '../support/viewports';

test.describe('prices as typed and as shown', () => {
  test.use({ viewport: PHONE });
  const tag = Date.now().toString(36);
  let listing: SeededListing;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`Pricebrand ${tag}`);
    const device = await listings.createDevice(brand, `Pricephone ${tag}`);
    const seller = await listings.createSeller();
    listing = await listings.createListing({ device, seller, name: `Pricephone ${tag}`, price: 4_500_000 });
  });

  test('groups the digits of the price filters as typed and says when the minimum is above the maximum', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Filtrlar', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtrlar' });
    const min = drawer.getByLabel("Narxi, dan (so'm)", { exact: true });
    const max = drawer.getByLabel("Narxi, gacha (so'm)", { exact: true });
    await min.pressSequentially('4500000');
    await expect(min).toHaveValue('4 500 000');
    await max.pressSequentially('1000000');
    await expect(max).toHaveValue('1 000 000');
    await drawer.getByRole('button', { name: "Ko'rsatish" }).click();
    await expect(drawer.getByRole('alert')).toHaveText("Eng kam narx eng ko'p narxdan katta bo'lmasin");
    await expect(max).toHaveAttribute('aria-invalid', 'true');
    // Nothing was applied.
    await expect(page).toHaveURL((url) => !url.searchParams.has('minPrice') && !url.searchParams.has('maxPrice'));

    await max.fill('');
    await max.pressSequentially('5000000');
    await expect(drawer.getByRole('alert')).toHaveCount(0);
    await drawer.getByRole('button', { name: "Ko'rsatish" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL((url) => url.searchParams.get('minPrice') === '4500000' && url.searchParams.get('maxPrice') === '5000000');
  });

  test("shows 'сум' in Russian", async ({ page }) => {
    await page.goto(`/phone/${listing.id}`);
    await expect(page.locator('main').getByText(/^4\s500\s000\sso'm$/)).toBeVisible();
    await page.getByRole('combobox', { name: 'Til' }).selectOption('ru');
    await expect(page.locator('main').getByText(/^4\s500\s000\sсум$/)).toBeVisible();
  });
});
