import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test as base } from '../support/fixtures';
import type { SeededDevice } from '../support/listings';
import { DESKTOP, layoutWidth, PHONE } from '../support/viewports';
import { describeUsedPhone, newImei, type UsedPhoneAnswers } from '../support/wizard';

const next = (page: Page) => page.getByRole('button', { name: 'Keyingi' }).click();
const stepHeading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();

async function photoJpeg(): Promise<Buffer> {
  const picture = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#3a7"/><rect x="300" y="100" width="200" height="400" rx="30" fill="#222"/></svg>`,
  );
  return sharp(picture).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Walks the wizard for a used `device` (no memory or colour to choose) up to the condition step,
 * where `atCondition` answers; posts it and answers the new listing's id.
 */
async function postUsedPhone(page: Page, device: SeededDevice, atCondition: () => Promise<void>): Promise<string> {
  await page.goto('/profile/phone/add');
  await page.getByLabel('Qurilma nomi').fill(device.name);
  await page.getByRole('button', { name: device.name, exact: true }).click();
  await stepHeading(page, 'Narxini kiriting');
  await page.getByLabel('Narxi', { exact: true }).fill('2 900 000');
  await next(page);
  await stepHeading(page, 'Tavsif yozing');
  await page.getByLabel('Tavsif', { exact: true }).fill('Yaxshi holatda, hamma narsasi ishlaydi.');
  await next(page);
  await stepHeading(page, "Aloqa ma'lumotlari");
  await page.getByLabel('Ismingiz').fill('Sardor');
  await next(page);
  await stepHeading(page, 'Hududni tanlang');
  await page.getByRole('radio', { name: 'Toshkent' }).check();
  await next(page);
  await stepHeading(page, 'Rasmlarni yuklang');
  await page.getByLabel(/Rasm qo'shish/).setInputFiles([{ name: 'telefon.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() }]);
  await expect(page.getByRole('img', { name: '1-rasm' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /rasm yuklanmoqda/ })).toHaveCount(0);
  await next(page);
  await stepHeading(page, 'Holati va yetkazib berish');
  await atCondition();
  await next(page);
  await stepHeading(page, 'Tarifni tanlang');
  await page.getByRole('button', { name: "E'lon berish" }).click();
  await expect(page.getByRole('heading', { name: "E'longiz yaratildi." })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('/profile?tab=waiting');
  const href = await page.getByRole('tabpanel').getByRole('article').filter({ hasText: device.name }).getByRole('link').first().getAttribute('href');
  return href!.split('/').pop()!;
}

/**
 * A buyer who is not signed in, on a page of their own with the test's options (viewport, base URL);
 * console errors fail the test as on every page.
 */
const test = base.extend<{ buyer: Page }>({
  buyer: async ({ browser, consoleErrors }, use) => {
    const context = await browser.newContext();
    consoleErrors.watch(context);
    await use(await context.newPage());
    await context.close();
  },
});

test.describe('IMEI, UZIMEI, grade and battery from the seller to the buyer (issue 22)', () => {
  test.describe('on a 360 px phone', () => {
    test.use({ viewport: PHONE });

    test('a seller posts with two IMEIs, not registered, grade A and 92 %; the buyer sees the last four digits and what to do', async ({
      seller: { page },
      listings,
      buyer,
    }) => {
      const run = Date.now().toString(36);
      const device = await listings.createDevice(await listings.createBrand(`E2E IMEI ${run}`), `Imeiphone ${run}`);
      const imeis = [newImei(), newImei()];
      const id = await postUsedPhone(page, device, async () => {
        // Nothing answered: each question says what it needs.
        await next(page);
        await expect(page.getByText("Telefon muddatli to'lovda emasligini tasdiqlang")).toBeVisible();
        // A typo in the IMEI fails the Luhn check.
        const typo = `${imeis[0].slice(0, 14)}${(Number(imeis[0][14]) + 1) % 10}`;
        await describeUsedPhone(page, { grade: 'A — ideal', battery: '92', imei: [typo, imeis[1]], registered: false });
        await expect(page.getByText('Ekran va korpusda tirnalish yo\'q, hammasi ishlaydi')).toBeVisible();
        await expect(page.getByText(/\*#06# terib IMEI raqamini ko'ring/)).toBeVisible();
        await next(page);
        // 15 digits were typed: the check digit is what is wrong, not the length.
        const checkDigit = "IMEI noto'g'ri: raqamlardan biri xato terilgan (*#06# terib, qayta ko'chiring)";
        await expect(page.getByText(checkDigit)).toBeVisible();
        await expect(page.getByText("IMEI 15 ta raqamdan iborat bo'lishi kerak (*#06# terib ko'ring)")).toHaveCount(0);
        await page.getByLabel('IMEI', { exact: true }).fill(imeis[0]);
        await expect(page.getByText(checkDigit)).toHaveCount(0);
        expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
      });
      await listings.approve(id);

      await buyer.goto(`/phone/${id}`);
      await expect(buyer.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
      const details = buyer.locator('dl');
      await expect(details.getByText('A — ideal')).toBeVisible();
      await expect(details.getByText('92 %')).toBeVisible();
      await expect(details.getByText(`••••${imeis[0].slice(-4)}, ••••${imeis[1].slice(-4)}`)).toBeVisible();
      await expect(buyer.getByText("UZIMEI: ro'yxatdan o'tmagan")).toBeVisible();
      await expect(buyer.getByText(/30 kun ichida UZIMEI'da ro'yxatdan o'tkazing/)).toBeVisible();
      // The full numbers are nowhere on the page.
      const text = await buyer.locator('body').innerText();
      for (const imei of imeis) expect(text).not.toContain(imei);
      expect(await layoutWidth(buyer)).toBeLessThanOrEqual(PHONE.width);
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test('a registered grade B phone with 88 % shows on its card and page, and the grade and battery filters find it', async ({
      seller: { page },
      listings,
      buyer,
    }) => {
      const run = Date.now().toString(36);
      const brand = await listings.createBrand(`E2E baho ${run}`);
      const device = await listings.createDevice(brand, `Gradephone ${run}`);
      const answers: UsedPhoneAnswers = { grade: 'B — yaxshi', battery: '88', registered: true };
      const id = await postUsedPhone(page, device, () => describeUsedPhone(page, answers));
      await listings.approve(id);

      await buyer.goto(`/?page=1&brand=${brand.id}&grade=B&minBattery=85`);
      const card = buyer.getByRole('article').filter({ hasText: device.name });
      await expect(card).toContainText('B — yaxshi · Batareya 88 %');
      await buyer.getByRole('button', { name: /^Filtrlar/ }).click();
      const drawer = buyer.getByRole('dialog', { name: 'Filtrlar' });
      await expect(drawer.getByLabel('Tashqi holati', { exact: true })).toHaveValue('B');
      await expect(drawer.getByLabel('Batareya holati', { exact: true })).toHaveValue('85');
      // Asking for more battery health than it has leaves it out.
      await drawer.getByLabel('Batareya holati', { exact: true }).selectOption('90');
      await expect(buyer).toHaveURL((url) => url.searchParams.get('minBattery') === '90');
      await expect(card).toHaveCount(0);
      await drawer.getByRole('button', { name: 'Yopish' }).click();

      await buyer.goto(`/phone/${id}`);
      await expect(buyer.locator('dl').getByText('B — yaxshi')).toBeVisible();
      await expect(buyer.locator('dl').getByText('88 %')).toBeVisible();
      await expect(buyer.getByText("UZIMEI: ro'yxatdan o'tgan")).toBeVisible();
      await expect(buyer.getByText(/30 kun ichida/)).toHaveCount(0);
    });
  });
});
