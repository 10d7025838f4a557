import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { newPhoneNumber, signInWithNewNumber } from '../support/accounts';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { launchBrowser, newVisitor } from '../support/browser';

interface ListedCategory {
  _id: string;
  name: string;
  image: { _id: string; location: string } | null;
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

describe('categories (brands)', () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  const brandName = `E2E brend ${Date.now().toString(36)}`;
  const editedName = `${brandName} (tahrir)`;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newVisitor(browser);
    await signInWithNewNumber(admin.page, TEST_ADMIN_PHONES.categories);
  });
  afterAll(async () => {
    await admin.context.close();
    await browser.close();
  });

  it('lets an admin create a category with an image, refusing a name already taken and a file that is not a picture', async () => {
    const { page } = admin;
    await page.goto('/profile/categories');
    await page.getByRole('heading', { name: "Bo'limlar", level: 1 }).waitFor();
    await categoryRow(page, 'Apple').waitFor();

    await page.getByRole('button', { name: "Bo'lim qo'shish" }).click();
    const dialog = page.getByRole('dialog', { name: "Position qo'shish" });
    await dialog.waitFor();

    // A name that exists: the server's message in red under the form, the dialog stays.
    await dialog.getByLabel('Nomi', { exact: true }).fill('apple');
    await dialog.getByRole('button', { name: 'Saqlash' }).click();
    const refusal = dialog.getByRole('alert');
    await refusal.getByText("Bu nomli bo'lim allaqachon mavjud").waitFor();
    expect(await isRed(refusal)).toBe(true);

    // A file that is not a picture: the server's reason in red under the image field.
    await dialog.getByLabel('Rasm', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a logo') });
    const notAnImage = dialog.getByText('Fayl rasm emas. JPG, PNG yoki WEBP rasm yuklang');
    await notAnImage.waitFor();
    expect(await isRed(notAnImage)).toBe(true);

    await dialog.getByLabel('Nomi', { exact: true }).fill(brandName);
    await dialog.getByLabel('Rangi', { exact: true }).fill('#e11d48');
    await dialog.getByLabel('Tartib raqami', { exact: true }).fill('90');
    await dialog.getByLabel('Tavsif', { exact: true }).fill('Brauzer testi brendi');
    await dialog.getByLabel('Rasm', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    const preview = dialog.getByRole('img', { name: `${brandName} rasmi` });
    await preview.waitFor();
    // The stored WebP shows: it decodes to the server's size.
    expect(await preview.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Saqlash' }).click();

    await page.getByText("Bo'lim qo'shildi").waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = categoryRow(page, brandName);
    // number, E'lonlar, Qurilmalar (the name is the row's header).
    expect((await row.getByRole('cell').allTextContents()).slice(0, 3)).toEqual(['90', '0', '0']);

    const saved = (await listedCategories(page)).find((category) => category.name === brandName);
    expect(saved?.image?.location).toBeTruthy();
    // The new brand is on the public page with its image.
    await page.goto('/categories');
    const card = page.getByRole('link', { name: brandName });
    // The logo is decorative beside the name (alt=""), so it has no role of its own.
    expect(await card.locator('img').getAttribute('src')).toBe(saved!.image!.location);
    expect(await card.getAttribute('href')).toBe(`/?brand=${saved!._id}&page=1`);
  });

  it('lets an admin edit a category and remove its image, updating its row in place', async () => {
    const { page } = admin;
    await page.goto('/profile/categories');
    await chooseRowAction(page, brandName, 'Tahrirlash');
    const dialog = page.getByRole('dialog', { name: "Position o'zgartirish" });
    expect(await dialog.getByLabel('Nomi', { exact: true }).inputValue()).toBe(brandName);
    expect(await dialog.getByLabel('Rangi', { exact: true }).inputValue()).toBe('#e11d48');
    await dialog.getByRole('img', { name: `${brandName} rasmi` }).waitFor();

    await dialog.getByLabel('Nomi', { exact: true }).fill(editedName);
    await dialog.getByLabel('Tartib raqami', { exact: true }).fill('91');
    await dialog.getByRole('button', { name: 'Rasmni olib tashlash' }).click();
    expect(await dialog.getByRole('img').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Saqlash' }).click();
    await page.getByText("Bo'lim o'zgartirildi").waitFor();
    await dialog.waitFor({ state: 'detached' });
    await categoryRow(page, editedName).getByRole('cell', { name: '91', exact: true }).waitFor();
    expect(await categoryRow(page, brandName).count()).toBe(0);
    expect((await listedCategories(page)).find((category) => category.name === editedName)?.image).toBeNull();

    // The close button leaves without saving.
    await chooseRowAction(page, editedName, 'Tahrirlash');
    await dialog.getByLabel('Nomi', { exact: true }).fill('Saqlanmagan nom');
    await dialog.getByRole('button', { name: 'Yopish' }).click();
    await dialog.waitFor({ state: 'detached' });
    await categoryRow(page, editedName).waitFor();

    await page.reload();
    await categoryRow(page, editedName).waitFor();
  });

  it('refuses to delete a brand that has devices, with the reason in red in the dialog', async () => {
    const { page } = admin;
    await page.goto('/profile/categories');
    const apple = (await listedCategories(page)).find((category) => category.name === 'Apple')!;
    expect(apple.devicesCount).toBeGreaterThan(0);

    // Keyboard only: the menu button, ↓ to open, ↓ to 'O'chirish', Enter.
    await page.getByRole('button', { name: 'Apple: amallar' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitem', { name: 'Tahrirlash' }).and(page.locator(':focus')).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitem', { name: "O'chirish" }).and(page.locator(':focus')).waitFor();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: "Positionni o'chirish" });
    await dialog.getByText("Siz rostdan ham ushbu ma'lumotni o'chirmoqchimisiz?").waitFor();
    await dialog.getByRole('button', { name: 'Ha' }).click();
    const refusal = dialog.getByRole('alert');
    // Other browser tests may have listings under Apple by now.
    await refusal.getByText(new RegExp(`^Bo'limni o'chirib bo'lmaydi: unda ${apple.devicesCount} ta qurilma va \\d+ ta e'lon bor$`)).waitFor();
    expect(await isRed(refusal)).toBe(true);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: "Yo'q" }).click();
    await dialog.waitFor({ state: 'detached' });
    await categoryRow(page, 'Apple').waitFor();
  });

  it('deletes an unused category', async () => {
    const { page } = admin;
    await page.goto('/profile/categories');
    await chooseRowAction(page, editedName, "O'chirish");
    const dialog = page.getByRole('dialog', { name: "Positionni o'chirish" });
    await dialog.getByRole('button', { name: 'Ha' }).click();
    await page.getByText("Bo'lim o'chirildi").waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await categoryRow(page, editedName).count()).toBe(0);
    expect((await listedCategories(page)).some((category) => category.name === editedName)).toBe(false);
  });

  it('shows the brands to visitors, and a brand on the home page filters the listings by it', async () => {
    const { context, page } = await newVisitor(browser, { width: 360, height: 740 });
    const apple = (await listedCategories(page)).find((category) => category.name === 'Apple')!;

    await page.goto('/categories');
    await page.getByRole('heading', { name: "Bo'limlar", level: 1 }).waitFor();
    await page.getByRole('link', { name: /^Apple/ }).waitFor();
    const cards = await page.getByRole('list').boundingBox();
    expect(cards!.x + cards!.width).toBeLessThanOrEqual(360);

    await page.goto('/');
    const brands = page.getByRole('region', { name: 'Brendlar' });
    await brands.scrollIntoViewIfNeeded();
    await brands.getByRole('link', { name: /^Apple/ }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('brand') === apple._id);
    await context.close();
  });

  it('shows a signed-in user who is not an admin the Error page instead of the categories', async () => {
    const { context, page } = await newVisitor(browser);
    await signInWithNewNumber(page, newPhoneNumber());
    await page.goto('/profile/categories');
    await page.getByRole('heading', { name: 'Error', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: "Bo'lim qo'shish" }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    await context.close();
  });
});
