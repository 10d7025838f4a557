import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import { PHONE } from '../support/viewports';

interface ListedCategory {
  _id: string;
  name: string;
  image: { _id: string; location: string } | null;
  PhonesCount: number;
  devicesCount: number;
}

/** A brand logo as an admin would pick it: a 400×400 PNG with a coloured circle. */
async function logoPng(): Promise<Buffer> {
  const circle = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="180" fill="#e11d48"/></svg>');
  return sharp(circle).png().toBuffer();
}

async function listedCategories(page: Page): Promise<ListedCategory[]> {
  const response = await page.request.get('/api/category');
  return (await response.json()) as ListedCategory[];
}

function categoryRow(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** Opens a row's actions menu and picks `item`. */
async function chooseRowAction(page: Page, name: string, item: 'Tahrirlash' | "O'chirish"): Promise<void> {
  await page.getByRole('button', { name: `${name}: amallar` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Red as people see it: the red channel clearly above green and blue. */
async function isRed(locator: Locator): Promise<boolean> {
  const color = await locator.evaluate((element) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.fillStyle = getComputedStyle(element).color;
    canvas.fillRect(0, 0, 1, 1);
    return Array.from(canvas.getImageData(0, 0, 1, 1).data);
  });
  const [red, green, blue] = color;
  return red > 150 && green < 100 && blue < 100;
}

test.describe('categories (brands)', () => {
  const brandName = `E2E brend ${Date.now().toString(36)}`;
  const editedName = `${brandName} (tahrir)`;

  test.describe('managed by an admin', () => {
    // One brand goes through creation, editing and deletion.
    test.describe.configure({ mode: 'serial' });
    test.use({ adminPhone: TEST_ADMIN_PHONES.categories });

    test('lets an admin create a category with an image, refusing a name already taken and a file that is not a picture', async ({ admin: { page } }) => {
      await page.goto('/profile/categories');
      await expect(page.getByRole('heading', { name: "Bo'limlar", level: 1 })).toBeVisible();
      await expect(categoryRow(page, 'Apple')).toBeVisible();
      // Under the brands: whether GSMArena answers the spec refresh (not paused in a fresh stack).
      const specSource = page.getByRole('region', { name: "GSMArena'dan qurilma xususiyatlari" });
      await expect(specSource).toContainText('Yangilanmoqda: sayt javob bermoqda');

      await page.getByRole('button', { name: "Bo'lim qo'shish" }).click();
      const dialog = page.getByRole('dialog', { name: "Position qo'shish" });
      await expect(dialog).toBeVisible();

      // A name that exists: the server's message in red under the form, the dialog stays.
      await dialog.getByLabel('Nomi', { exact: true }).fill('apple');
      await dialog.getByRole('button', { name: 'Saqlash' }).click();
      const refusal = dialog.getByRole('alert');
      await expect(refusal.getByText("Bu nomli bo'lim allaqachon mavjud")).toBeVisible();
      expect(await isRed(refusal)).toBe(true);

      // A file that is not a picture: the server's reason in red under the image field.
      await dialog.getByLabel('Rasm', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a logo') });
      const notAnImage = dialog.getByText('Fayl rasm emas. JPG, PNG yoki WEBP rasm yuklang');
      await expect(notAnImage).toBeVisible();
      expect(await isRed(notAnImage)).toBe(true);

      await dialog.getByLabel('Nomi', { exact: true }).fill(brandName);
      await dialog.getByLabel('Rangi', { exact: true }).fill('#e11d48');
      await dialog.getByLabel('Tartib raqami', { exact: true }).fill('90');
      await dialog.getByLabel('Tavsif', { exact: true }).fill('Brauzer testi brendi');
      await dialog.getByLabel('Rasm', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
      const preview = dialog.getByRole('img', { name: `${brandName} rasmi` });
      await expect(preview).toBeVisible();
      // The stored WebP shows: it decodes to the server's size.
      expect(await preview.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBeGreaterThan(0);
      await dialog.getByRole('button', { name: 'Saqlash' }).click();

      await expect(page.getByText("Bo'lim qo'shildi")).toBeVisible();
      await expect(dialog).not.toBeAttached();
      // number, E'lonlar, Qurilmalar (the name is the row's header).
      await expect.poll(async () => (await categoryRow(page, brandName).getByRole('cell').allTextContents()).slice(0, 3)).toEqual(['90', '0', '0']);

      const saved = (await listedCategories(page)).find((category) => category.name === brandName);
      expect(saved?.image?.location).toBeTruthy();
      // Its row shows the logo beside the name (issue 36 item 10).
      await expect(categoryRow(page, brandName).locator('img')).toHaveAttribute('src', saved!.image!.location);
      // The new brand is on the public page with its image.
      await page.goto('/categories');
      const card = page.getByRole('link', { name: brandName });
      // The logo is decorative beside the name (alt=""), so it has no role of its own.
      await expect(card.locator('img')).toHaveAttribute('src', saved!.image!.location);
      await expect(card).toHaveAttribute('href', `/?brand=${saved!._id}&page=1`);
    });

    test('lets an admin edit a category and remove its image, updating its row in place', async ({ admin: { page } }) => {
      await page.goto('/profile/categories');
      await chooseRowAction(page, brandName, 'Tahrirlash');
      const dialog = page.getByRole('dialog', { name: "Position o'zgartirish" });
      await expect(dialog.getByLabel('Nomi', { exact: true })).toHaveValue(brandName);
      await expect(dialog.getByLabel('Rangi', { exact: true })).toHaveValue('#e11d48');
      await expect(dialog.getByRole('img', { name: `${brandName} rasmi` })).toBeVisible();

      await dialog.getByLabel('Nomi', { exact: true }).fill(editedName);
      await dialog.getByLabel('Tartib raqami', { exact: true }).fill('91');
      await dialog.getByRole('button', { name: 'Rasmni olib tashlash' }).click();
      await expect(dialog.getByRole('img')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Saqlash' }).click();
      await expect(page.getByText("Bo'lim o'zgartirildi")).toBeVisible();
      await expect(dialog).not.toBeAttached();
      await expect(categoryRow(page, editedName).getByRole('cell', { name: '91', exact: true })).toBeVisible();
      await expect(categoryRow(page, brandName)).toHaveCount(0);
      expect((await listedCategories(page)).find((category) => category.name === editedName)?.image).toBeNull();

      // The close button leaves without saving.
      await chooseRowAction(page, editedName, 'Tahrirlash');
      await dialog.getByLabel('Nomi', { exact: true }).fill('Saqlanmagan nom');
      await dialog.getByRole('button', { name: 'Yopish' }).click();
      await expect(dialog).not.toBeAttached();
      await expect(categoryRow(page, editedName)).toBeVisible();

      await page.reload();
      await expect(categoryRow(page, editedName)).toBeVisible();
    });

    test('refuses to delete a brand that has devices, with the reason in red in the dialog', async ({ admin: { page } }) => {
      await page.goto('/profile/categories');
      const apple = (await listedCategories(page)).find((category) => category.name === 'Apple')!;
      expect(apple.devicesCount).toBeGreaterThan(0);

      // Keyboard only: the menu button, ↓ to open, ↓ to 'O'chirish', Enter.
      await page.getByRole('button', { name: 'Apple: amallar' }).focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: 'Tahrirlash' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: "O'chirish" })).toBeFocused();
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: "Positionni o'chirish" });
      await expect(dialog.getByText("Siz rostdan ham ushbu ma'lumotni o'chirmoqchimisiz?")).toBeVisible();
      await dialog.getByRole('button', { name: 'Ha' }).click();
      const refusal = dialog.getByRole('alert');
      // Other browser tests may have listings under Apple by now; those on sale are the number the table shows.
      await expect(
        refusal.getByText(new RegExp(`^\\*Bo'limni o'chirib bo'lmaydi: unda ${apple.devicesCount} ta qurilma va \\d+ ta e'lon bor, ${apple.PhonesCount} tasi sotuvda$`)),
      ).toBeVisible();
      expect(await isRed(refusal)).toBe(true);
      await expect(dialog).toBeVisible();

      await dialog.getByRole('button', { name: "Yo'q" }).click();
      await expect(dialog).not.toBeAttached();
      await expect(categoryRow(page, 'Apple')).toBeVisible();
    });

    test('deletes an unused category', async ({ admin: { page } }) => {
      await page.goto('/profile/categories');
      await chooseRowAction(page, editedName, "O'chirish");
      const dialog = page.getByRole('dialog', { name: "Positionni o'chirish" });
      await dialog.getByRole('button', { name: 'Ha' }).click();
      await expect(page.getByText("Bo'lim o'chirildi")).toBeVisible();
      await expect(dialog).not.toBeAttached();
      await expect(categoryRow(page, editedName)).toHaveCount(0);
      expect((await listedCategories(page)).some((category) => category.name === editedName)).toBe(false);
    });
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: PHONE });

    test('shows the brands to visitors, and a brand on the home page filters the listings by it', async ({ page }) => {
      const apple = (await listedCategories(page)).find((category) => category.name === 'Apple')!;

      await page.goto('/categories');
      await expect(page.getByRole('heading', { name: "Bo'limlar", level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Apple/ })).toBeVisible();
      const cards = await page.getByRole('list').boundingBox();
      expect(cards!.x + cards!.width).toBeLessThanOrEqual(PHONE.width);

      await page.goto('/');
      const brands = page.getByRole('region', { name: 'Brendlar' });
      await brands.scrollIntoViewIfNeeded();
      await brands.getByRole('link', { name: /^Apple/ }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('brand') === apple._id);
    });
  });

  test('shows a signed-in user who is not an admin the Error page instead of the categories', async ({ seller: { page } }) => {
    await page.goto('/profile/categories');
    await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: "Bo'lim qo'shish" })).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
