import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { detailedPhoto } from '../../test/support/pictures';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import type { SeededListing } from '../support/listings';
import { CHECKS_RUN_WITHIN_MS } from '../support/moderation';
import { DESKTOP, layoutWidth, PHONE } from '../support/viewports';

function cardOf(page: Page, name: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/**
 * The listing's place in the waiting tab, counted from the first page's top, looked for page by page: other files'
 * flagged listings may rank a clean one below the first page. Leaves the browser on the page that shows it.
 */
async function placeInQueue(page: Page, name: string): Promise<number> {
  let above = 0;
  for (let number = 1; number <= 5; number++) {
    await page.goto(`/profile/allphones?page=${number}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    const names = await page.getByRole('article').getByRole('heading').allTextContents();
    if (names.includes(name)) return above + names.indexOf(name);
    above += names.length;
  }
  throw new Error(`${name} is not on the waiting tab's first five pages`);
}

const WARNING = "Hech qachon oldindan pul to'lamang, SMS kodlarni hech kimga aytmang, sotuvchi bilan odamlar ko'p joyda uchrashing.";

test.describe('a photo reused from another seller, and the buyer safety warning (issue 22)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ adminPhone: TEST_ADMIN_PHONES.reusedPhotos });
  const run = Date.now().toString(36);
  let original: SeededListing;
  let copy: SeededListing;
  let clean: SeededListing;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`E2E rasm ${run}`);
    const device = await listings.createDevice(brand, `Rasm ${run}`);
    const first = await listings.createSeller({ name: 'Asl egasi' });
    original = await listings.createListing({ device, seller: first, name: `Asl rasm ${run}`, photos: 0 });
    const photo = await detailedPhoto(61);
    await listings.addPicture(original, first, photo);
    // Another seller saves the photo from the page (smaller, recompressed) and posts it as theirs; old enough to be on the queue's first page.
    const second = await listings.createSeller({ name: 'Nusxachi' });
    const createdAt = new Date('2019-12-30T08:00:00Z');
    copy = await listings.createListing({ device, seller: second, name: `Nusxa rasm ${run}`, status: 'waiting', photos: 0, createdAt });
    await listings.addPicture(copy, second, await sharp(await sharp(photo).resize(900).jpeg({ quality: 60 }).toBuffer()).png().toBuffer());
    const third = await listings.createSeller({ name: 'Halol' });
    clean = await listings.createListing({ device, seller: third, name: `Toza rasm ${run}`, status: 'waiting', photos: 0, createdAt });
    await listings.addPicture(clean, third, await detailedPhoto(62));
  });

  test("shows the admins on a 360 px phone why the copy ranks above a clean listing, with a link to the original", async ({ admin: { page } }) => {
    await page.setViewportSize(PHONE);
    // The workers hash the photos, then check the waiting listings.
    test.setTimeout(CHECKS_RUN_WITHIN_MS + 30_000);
    await expect(async () => {
      await page.goto('/profile/allphones');
      await expect(cardOf(page, copy.name).getByText("Boshqa sotuvchining e'lonidagi rasm")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: CHECKS_RUN_WITHIN_MS });
    expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await placeInQueue(page, copy.name)).toBeLessThan(await placeInQueue(page, clean.name));
    await expect(cardOf(page, clean.name)).toBeVisible();
    await expect(cardOf(page, clean.name).getByText("Boshqa sotuvchining e'lonidagi rasm")).toHaveCount(0);

    await placeInQueue(page, copy.name);
    await cardOf(page, copy.name).getByRole('link', { name: "O'sha e'lonni ochish" }).click();
    await expect(page).toHaveURL(new RegExp(`/phone/${original.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: original.name })).toBeVisible();
    const warning = page.getByRole('complementary', { name: 'Xavfsizlik' });
    await expect(warning).toContainText(WARNING);
    expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  test('warns buyers beside the seller on a desktop, in the language they read', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/phone/${original.id}`);
    const warning = page.getByRole('complementary', { name: 'Xavfsizlik' });
    await expect(warning).toContainText(WARNING);
    // Beside the photos, in the seller's column.
    const [photos, box] = [await page.getByRole('region', { name: `${original.name} rasmlari` }).boundingBox(), await warning.boundingBox()];
    expect(box!.x).toBeGreaterThan(photos!.x + photos!.width);

    await page.getByRole('combobox', { name: 'Til' }).selectOption('ru');
    await expect(page.getByRole('complementary', { name: 'Безопасность' })).toContainText('Никогда не платите заранее');
  });
});
