import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import type { SeededBrand } from '../support/listings';
import { DESKTOP, layoutWidth, PHONE } from '../support/viewports';

function cards(page: Page): Locator {
  return page.locator('#listings').getByRole('article');
}

const headings = (page: Page) => cards(page).getByRole('heading').allTextContents();

/** Opens the filters' drawer from the search bar. */
async function openDrawer(page: Page): Promise<Locator> {
  // 'Filtrlar' or 'Filtrlar (3)', not an empty list's 'Filtrlarni tozalash'.
  await page.getByRole('button', { name: /^Filtrlar( \(\d+\))?$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filtrlar' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test.describe('finding a phone on the home page', () => {
  const tag = Date.now().toString(36);
  let brand: SeededBrand;
  let otherBrand: SeededBrand;
  /** The model on sale, and the next one of its line with nothing on sale. */
  let onSale: string;
  let notOnSale: string;

  test.beforeAll(async ({ listings }) => {
    brand = await listings.createBrand(`Qidiruvbrand ${tag}`);
    otherBrand = await listings.createBrand(`Boshqabrand ${tag}`);
    onSale = `Qidiruvfon ${tag} 8`;
    notOnSale = `Qidiruvfon ${tag} 9`;
    const device = await listings.createDevice(brand, onSale);
    await listings.createDevice(brand, notOnSale);
    const otherDevice = await listings.createDevice(otherBrand, `Boshqafon ${tag}`);
    const seller = await listings.createSeller({ name: 'Sardor' });
    const start = Date.now() - 60 * 60_000;
    const listing = (name: string, price: number, valut: 'uzs' | 'usd', storage: string, minutes: number, tarif: 0 | 1 = 0) =>
      listings.createListing({ device, seller, name: `${name} ${tag}`, price, valut, storage, tarif, createdAt: new Date(start + minutes * 60_000) });
    // 300 dollars is 3 795 000 so'm at the API's fallback rate: between the two 256 GB so'm prices.
    await listing('Arzon 256', 3_000_000, 'uzs', '256GB', 1);
    await listing('Dollar 256', 300, 'usd', '256GB', 2);
    await listing('Qimmat 256', 6_000_000, 'uzs', '256GB', 3, 1);
    await listing('Eng arzon 128', 1_000_000, 'uzs', '128GB', 4);
    await listings.createListing({ device: otherDevice, seller, name: `Boshqa ${tag}`, price: 2_000_000 });
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: PHONE });

    test('shows the top of the first listing on the first screen, without sideways scrolling', async ({ page }) => {
      await page.goto('/');
      await expect(cards(page).first()).toBeVisible();
      const box = (await cards(page).first().boundingBox())!;
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(box.y).toBeLessThan(PHONE.height - 40);
      // The brands are one row that scrolls sideways inside itself, not the page.
      expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
      const brandTiles = page.getByRole('link', { name: new RegExp(`Qidiruvbrand ${tag}`) });
      const firstTile = page.locator('section', { has: page.getByRole('heading', { name: 'Brendlar' }) }).getByRole('listitem').first();
      expect((await brandTiles.boundingBox())!.y).toBe((await firstTile.boundingBox())!.y);
    });

    test("sorts by price in so'm across currencies and filters 256 GB from the drawer", async ({ page }) => {
      await page.goto(`/?page=1&brand=${brand.id}`);
      await expect(cards(page)).toHaveCount(4);
      // Newest first, the promoted one on top.
      expect(await headings(page)).toEqual([`Qimmat 256 ${tag}`, `Eng arzon 128 ${tag}`, `Dollar 256 ${tag}`, `Arzon 256 ${tag}`]);

      const drawer = await openDrawer(page);
      await drawer.getByLabel('Saralash').selectOption({ label: 'Avval arzonlari' });
      await drawer.getByLabel('Xotira').selectOption('256GB');
      await drawer.getByRole('button', { name: "Ko'rsatish" }).click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'price_asc' && url.searchParams.get('storage') === '256GB');
      await expect.poll(() => headings(page)).toEqual([`Arzon 256 ${tag}`, `Dollar 256 ${tag}`, `Qimmat 256 ${tag}`]);
      await expect(page.getByRole('button', { name: 'Filtrlar (3)' })).toBeVisible();

      // The address alone brings the same list back, most expensive first when asked.
      await page.goto(`/?page=1&brand=${brand.id}&storage=256GB&sort=price_desc`);
      await expect.poll(() => headings(page)).toEqual([`Qimmat 256 ${tag}`, `Dollar 256 ${tag}`, `Arzon 256 ${tag}`]);
      const reopened = await openDrawer(page);
      await expect(reopened.getByLabel('Saralash')).toHaveValue('price_desc');
      await expect(reopened.getByLabel('Xotira')).toHaveValue('256GB');
    });

    test('takes filters from the address only: a brand tile starts afresh, a new visit to / shows everything', async ({ page }) => {
      await page.goto(`/?page=1&name=${encodeURIComponent(onSale)}&region=toshkent`);
      await expect(page.getByRole('searchbox')).toHaveValue(onSale);

      // A brand tile: that brand's listings, without the name and region of the search before.
      const tile = page.getByRole('link', { name: new RegExp(`Boshqabrand ${tag}`) });
      await tile.scrollIntoViewIfNeeded();
      await tile.click();
      await expect(page).toHaveURL((url) => url.search === `?page=1&brand=${otherBrand.id}`);
      await expect.poll(() => headings(page)).toEqual([`Boshqa ${tag}`]);
      await expect(page.getByRole('searchbox')).toHaveValue('');

      // A fresh visit to '/' keeps its empty address and shows the whole list, not the old filters.
      await page.goto('/');
      await expect(cards(page).first()).toBeVisible();
      expect(new URL(page.url()).search).toBe('');
      await expect(page.getByText('mavjud emas')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Filtrlar', exact: true })).toBeVisible();
    });

    test('clears from every state: a name that finds nothing, the drawer\'s filters, an order', async ({ page }) => {
      for (const address of [
        '/?page=1&name=qqxxzzww',
        `/?page=1&brand=${brand.id}&storage=512GB&condition=new&document=true&shipping=true&valut=usd`,
        `/?page=3&sort=price_desc&minPrice=999999999`,
      ]) {
        await page.goto(address);
        await expect(page.getByText('mavjud emas')).toBeVisible();
        const drawer = await openDrawer(page);
        await drawer.getByRole('button', { name: 'Tozalash' }).click();
        await expect(page).toHaveURL((url) => url.search === '?page=1');
        await expect(cards(page).first()).toBeVisible();
        await expect(drawer.getByLabel('Saralash')).toHaveValue('newest');
        await expect(drawer.getByLabel('Xotira')).toHaveValue('');
        await drawer.getByRole('button', { name: 'Yopish' }).click();
        await expect(page.getByRole('searchbox')).toHaveValue('');
      }
    });

    test("says when a model has nothing on sale and offers the nearest that has, under 'mavjud emas'", async ({ page }) => {
      await page.goto(`/?page=1&name=${encodeURIComponent(notOnSale.toLowerCase())}`);
      await expect(page.getByText('mavjud emas')).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
      const offered = page.getByRole('navigation', { name: 'Shunga yaqin modellar sotuvda bor:' }).getByRole('link', { name: onSale });
      await offered.click();
      await expect(page).toHaveURL((url) => url.searchParams.get('name') === onSale);
      await expect(cards(page)).toHaveCount(4);
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test('shows the top of the first listing on the first screen', async ({ page }) => {
      await page.goto('/');
      await expect(cards(page).first()).toBeVisible();
      expect((await cards(page).first().boundingBox())!.y).toBeLessThan(DESKTOP.height - 40);
    });
  });
});
