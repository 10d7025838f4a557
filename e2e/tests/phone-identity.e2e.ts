import type { Page } from '@playwright/test';
import { expect, test as base } from '../support/fixtures';
import { onEachScreen } from '../support/screens';
import { DESKTOP, layoutWidth } from '../support/viewports';
import { describeUsedPhone, newImei, postUsedPhone, type UsedPhoneAnswers } from '../support/wizard';

const next = (page: Page) => page.getByRole('button', { name: 'Keyingi' }).click();

/**
 * A visitor who is not signed in, on a page of their own with the test's options (viewport, base URL);
 * console errors fail the test as on every page.
 */
const test = base.extend<{ visitor: Page }>({
  visitor: async ({ browser, consoleErrors }, use) => {
    const context = await browser.newContext();
    consoleErrors.watch(context);
    await use(await context.newPage());
    await context.close();
  },
});

test.describe('IMEI, UZIMEI, grade and battery from the seller to the buyer (issue 22)', () => {
  onEachScreen((viewport) => {
    test('a seller posts with two IMEIs, not registered, grade A and 92 %; the buyer sees the last four digits and what to do', async ({
      seller: { page },
      listings,
      visitor,
    }) => {
      const run = Date.now().toString(36);
      const device = await listings.createDevice(await listings.createBrand(`E2E IMEI ${run}`), `Imeiphone ${run}`);
      const imeis = [newImei(), newImei()];
      const id = await postUsedPhone(page, device, {
        atCondition: async () => {
          // Nothing answered: each question says what it needs.
          await next(page);
          await expect(page.getByText("Telefon muddatli to'lovda emasligini tasdiqlang")).toBeVisible();
          // A typo in the IMEI fails the Luhn check.
          const typo = `${imeis[0].slice(0, 14)}${(Number(imeis[0][14]) + 1) % 10}`;
          await describeUsedPhone(page, { grade: 'A — ideal', battery: '92', imei: [typo, imeis[1]], registered: false });
          await expect(page.getByText("Ekran va korpusda tirnalish yo'q, hammasi ishlaydi")).toBeVisible();
          await expect(page.getByText(/\*#06# terib IMEI raqamini ko'ring/)).toBeVisible();
          await next(page);
          // 15 digits were typed: the check digit is what is wrong, not the length.
          const checkDigit = "IMEI noto'g'ri: raqamlardan biri xato terilgan (*#06# terib, qayta ko'chiring)";
          await expect(page.getByText(checkDigit)).toBeVisible();
          await expect(page.getByText("IMEI 15 ta raqamdan iborat bo'lishi kerak (*#06# terib ko'ring)")).toHaveCount(0);
          await page.getByLabel('IMEI', { exact: true }).fill(imeis[0]);
          await expect(page.getByText(checkDigit)).toHaveCount(0);
          expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);
        },
      });
      await listings.approve(id);

      await visitor.goto(`/phone/${id}`);
      await expect(visitor.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
      const details = visitor.locator('dl');
      await expect(details.getByText('A — ideal')).toBeVisible();
      await expect(details.getByText('92 %')).toBeVisible();
      await expect(details.getByText(`••••${imeis[0].slice(-4)}, ••••${imeis[1].slice(-4)}`)).toBeVisible();
      await expect(visitor.getByText("UZIMEI: ro'yxatdan o'tmagan")).toBeVisible();
      await expect(visitor.getByText(/30 kun ichida UZIMEI'da ro'yxatdan o'tkazing/)).toBeVisible();
      // The full numbers are nowhere on the page.
      const text = await visitor.locator('body').innerText();
      for (const imei of imeis) expect(text).not.toContain(imei);
      expect(await layoutWidth(visitor)).toBeLessThanOrEqual(viewport.width);
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test('a registered grade B phone with 88 % shows on its card and page, and the grade and battery filters find it', async ({
      seller: { page },
      listings,
      visitor,
    }) => {
      const run = Date.now().toString(36);
      const brand = await listings.createBrand(`E2E baho ${run}`);
      const device = await listings.createDevice(brand, `Gradephone ${run}`);
      const answers: UsedPhoneAnswers = { grade: 'B — yaxshi', battery: '88', registered: true };
      const id = await postUsedPhone(page, device, { atCondition: () => describeUsedPhone(page, answers) });
      await listings.approve(id);

      await visitor.goto(`/?page=1&brand=${brand.id}&grade=B&minBattery=85`);
      const card = visitor.getByRole('article').filter({ hasText: device.name });
      await expect(card).toContainText('B — yaxshi · Batareya 88 %');
      await visitor.getByRole('button', { name: /^Filtrlar/ }).click();
      const drawer = visitor.getByRole('dialog', { name: 'Filtrlar' });
      await expect(drawer.getByLabel('Tashqi holati', { exact: true })).toHaveValue('B');
      await expect(drawer.getByLabel('Batareya holati', { exact: true })).toHaveValue('85');
      // Asking for more battery health than it has leaves it out.
      await drawer.getByLabel('Batareya holati', { exact: true }).selectOption('90');
      await expect(visitor).toHaveURL((url) => url.searchParams.get('minBattery') === '90');
      await expect(card).toHaveCount(0);
      await drawer.getByRole('button', { name: 'Yopish' }).click();

      await visitor.goto(`/phone/${id}`);
      await expect(visitor.locator('dl').getByText('B — yaxshi')).toBeVisible();
      await expect(visitor.locator('dl').getByText('88 %')).toBeVisible();
      await expect(visitor.getByText("UZIMEI: ro'yxatdan o'tgan")).toBeVisible();
      await expect(visitor.getByText(/30 kun ichida/)).toHaveCount(0);
    });
  });
});
