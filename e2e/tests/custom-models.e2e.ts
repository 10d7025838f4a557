import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import type { SeededBrand } from '../support/listings';
import { approve } from '../support/moderation';
import { DESKTOP, layoutWidth, PHONE } from '../support/viewports';
import { describeUsedPhone, expectPhotosUploaded } from '../support/wizard';

const next = (page: Page) => page.getByRole('button', { name: 'Keyingi' }).click();
const stepHeading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();

function photoJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer();
}

/** The seller lists a phone the catalogue lacks: 'Boshqa model', its brand and its name, then the usual steps. */
async function sellTypedModel(page: Page, brand: SeededBrand, model: string): Promise<void> {
  await page.goto('/profile/phone/add');
  await stepHeading(page, 'Qurilmani tanlang');
  await page.getByLabel('Qurilma nomi').fill(model);
  await page.getByRole('button', { name: 'Boshqa model' }).click();
  const typed = page.getByRole('group', { name: 'Boshqa model' });
  // The search's words are the name to start with; a brand is still to choose.
  await expect(typed.getByLabel('Model nomi')).toHaveValue(model);
  await next(page);
  await expect(typed.locator('p', { hasText: 'Brendni tanlang' })).toBeVisible();
  await typed.getByLabel('Brend').selectOption({ label: brand.name });
  await typed.getByLabel('Model nomi').fill('<x>');
  await next(page);
  await expect(typed.getByText('Model nomini 2 dan 60 tagacha harf va raqam bilan yozing')).toBeVisible();
  await typed.getByLabel('Model nomi').fill(model);
  expect(await layoutWidth(page)).toBeLessThanOrEqual(page.viewportSize()!.width);
  // No memory or colour to choose for a typed model: on to the price.
  await next(page);
  await stepHeading(page, 'Narxini kiriting');
  await page.getByLabel('Narxi', { exact: true }).fill('2 100 000');
  await next(page);
  await page.getByLabel('Tavsif', { exact: true }).fill('Yangi model, katalogda hali yo`q.');
  await next(page);
  await stepHeading(page, "Aloqa ma'lumotlari");
  await next(page);
  await page.getByRole('radio', { name: 'Toshkent' }).check();
  await next(page);
  await page.getByLabel(/Rasm qo'shish/).setInputFiles([{ name: 'telefon.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() }]);
  await expectPhotosUploaded(page, 1);
  await next(page);
  await stepHeading(page, 'Holati va yetkazib berish');
  await page.getByRole('radio', { name: 'Ishlatilgan' }).check();
  await describeUsedPhone(page);
  await next(page);
  await stepHeading(page, 'Tarifni tanlang');
  await expect(page.getByText(model, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: "E'lon berish" }).click();
  await expect(page.getByRole('heading', { name: "E'longiz yaratildi." })).toBeVisible();
}

test.describe("'Boshqa model': a phone the catalogue lacks", () => {
  // Phone first, then desktop; the admin's first sign-in (which texts its password) happens once.
  test.describe.configure({ mode: 'serial' });
  test.use({ adminPhone: TEST_ADMIN_PHONES.customModels });

  for (const [screen, viewport] of [['a 360 px phone', PHONE], ['a desktop', DESKTOP]] as const) {
    test(`a seller types the model, and an admin adds it to the catalogue from the moderation card, on ${screen}`, async ({
      seller: { page },
      admin,
      listings,
    }) => {
      await page.setViewportSize(viewport);
      await admin.page.setViewportSize(viewport);
      const run = `${viewport.width}${Date.now().toString(36)}`;
      const brand = await listings.createBrand(`E2E boshqa ${run}`);
      const model = `Orbit ${run}`;
      const name = `${brand.name} ${model}`;

      await sellTypedModel(page, brand, model);
      await listings.backdate(name);

      const queue = admin.page;
      await queue.goto('/profile/allphones');
      const actions = queue.getByRole('group', { name: `${name}: admin amallari` });
      await expect(actions.getByText("Katalogda yo'q model", { exact: true })).toBeVisible();
      await actions.getByRole('button', { name: "Katalogga qo'shish" }).click();
      const dialog = queue.getByRole('dialog', { name: "Modelni katalogga qo'shish" });
      await expect(dialog.getByText(brand.name)).toBeVisible();
      await expect(dialog.getByLabel('Model nomi')).toHaveValue(name);
      await dialog.getByLabel('Model nomi').fill(`${name} 5G`);
      await dialog.getByRole('button', { name: "Qo'shish" }).click();
      await expect(queue.getByText("Model katalogga qo'shildi, e'lonlar bog'landi: 1")).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // Linked: the card is named as the catalogue names the model, with no mark left, and is approved as usual.
      const linked = queue.getByRole('group', { name: `${name} 5G: admin amallari` });
      await expect(linked.getByText("Katalogda yo'q model", { exact: true })).toHaveCount(0);
      expect((await approve(linked, `${name} 5G`)).ok()).toBe(true);
      await expect(linked).toHaveCount(0);
      expect(await layoutWidth(queue)).toBeLessThanOrEqual(viewport.width);
    });
  }
});
