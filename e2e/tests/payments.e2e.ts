import type { Locator, Page } from '@playwright/test';
import { SANDBOX_OTP, SANDBOX_SLOW_PAY_MS, SANDBOX_TEST_CARDS } from '../../contracts/src/payments';
import { expect, test } from '../support/fixtures';
import { layoutWidth, PHONE } from '../support/viewports';

/** The stack runs without gateway credentials, so payments go to the sandbox gateway and its test cards. */
const TEST_CARD = SANDBOX_TEST_CARDS.find((card) => card.outcome === 'success')!;
const BLOCKED_CARD = SANDBOX_TEST_CARDS.find((card) => card.outcome === 'blocked')!;
/** Paid only after SANDBOX_SLOW_PAY_MS, longer than a confirmation waits. */
const SLOW_CARD = SANDBOX_TEST_CARDS.find((card) => card.outcome === 'slow')!;

/**
 * An amount as the page shows it, e.g. "50 000 so'm". The uz-UZ grouping comes from the browser's
 * ICU data: a space in full ICU, a comma in Chromium, whose trimmed data has no Uzbek numbers.
 */
function soms(amount: string, { sign = '', exact = true } = {}): RegExp {
  const grouped = amount.split(' ').join('[\\s,]');
  return new RegExp(`${exact ? '^' : ''}${sign.replace('+', '\\+')}${grouped}${exact ? " so'm$" : ''}`);
}

function paymentDialog(page: Page): Locator {
  return page.getByRole('dialog');
}

/** Opens the picker from the balance page and chooses Uzcard/Humo, the only method taking payments. */
async function openCardPayment(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: "Hisobni to'ldirish" }).click();
  const dialog = paymentDialog(page);
  await expect(dialog.getByRole('heading', { name: "To'lov usulini tanlang" })).toBeVisible();
  await dialog.getByRole('button', { name: /^Uzcard \/ Humo/ }).click();
  await expect(dialog.getByRole('heading', { name: "Karta ma'lumotlari" })).toBeVisible();
  return dialog;
}

/** Types the card details as a user does, digit by digit into the masked inputs. */
async function typeCard(dialog: Locator, card: { number: string; expiry: string }, amount: string): Promise<void> {
  await dialog.getByLabel('Karta raqami').pressSequentially(card.number.replace(/\D/g, ''));
  await dialog.getByLabel('Amal qilish muddati').pressSequentially(card.expiry.replace(/\D/g, ''));
  const amountField = dialog.getByLabel("Summa (so'm)");
  await amountField.fill('');
  await amountField.pressSequentially(amount);
}

test.describe('balance top-up by card, on a 360 px phone', () => {
  test.use({ viewport: PHONE });

  // One account: the refused payments must leave the first top-up's balance as it was.
  test("tops up with the sandbox test card, then refuses a blocked card and a wrong code", async ({ seller: { page } }) => {
    await test.step("tops up 50 000 so'm with the sandbox test card and shows the new balance in the top bar, on the page and in the history", async () => {
      await page.goto('/profile/balance');
      await expect(page.getByText(soms('0'))).toBeVisible();
      await expect(page.getByText("Hozircha to'lovlar yo'q")).toBeVisible();

      await page.getByRole('button', { name: "Hisobni to'ldirish" }).click();
      const dialog = paymentDialog(page);
      await expect(dialog.getByRole('heading', { name: "To'lov usulini tanlang" })).toBeVisible();
      for (const method of ['Payme', 'Click', 'Uzum']) {
        await expect(dialog.getByRole('button', { name: new RegExp(`^${method}`) })).toBeDisabled();
      }
      await dialog.getByRole('button', { name: /^Uzcard \/ Humo/ }).click();

      // The sandbox is labelled, with the test card to use; the spec's messages guard the fields.
      await expect(dialog.getByText('Sinov rejimi: kartadan haqiqiy pul yechilmaydi')).toBeVisible();
      await expect(dialog.getByText(`Test karta: ${TEST_CARD.number}`, { exact: false })).toBeVisible();
      await typeCard(dialog, { number: '860006919540', expiry: TEST_CARD.expiry }, '500');
      await dialog.getByRole('button', { name: 'Kod olish' }).click();
      await expect(dialog.getByText('Kamida 16 ta raqam kiriting')).toBeVisible();
      await expect(dialog.getByText("Eng kam summa 1 000 so'm")).toBeVisible();

      await dialog.getByLabel('Karta raqami').fill('');
      await typeCard(dialog, TEST_CARD, '50000');
      await expect(dialog.getByLabel('Karta raqami')).toHaveValue(TEST_CARD.number);
      await expect(dialog.getByLabel('Amal qilish muddati')).toHaveValue(TEST_CARD.expiry);
      await expect(dialog.getByLabel("Summa (so'm)")).toHaveValue('50 000');
      await dialog.getByRole('button', { name: 'Kod olish' }).click();

      await expect(dialog.getByText('Tasdiqlash kodi +99890*****67 raqamiga yuborildi')).toBeVisible();
      await dialog.getByLabel('SMS kod').fill(SANDBOX_OTP);
      await dialog.getByRole('button', { name: 'Tasdiqlash' }).click();
      await expect(dialog.getByText("To'lov muvaffaqiyatli amalga oshirildi")).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).not.toBeAttached();

      // Without a reload: the page, the history and the top bar's user menu.
      await expect(page.getByText(soms('50 000'))).toBeVisible();
      const entry = page.getByRole('listitem').filter({ hasText: "Balansni to'ldirish" });
      await expect(entry.getByText(soms('50 000', { sign: '+' }))).toBeVisible();
      await expect(entry.locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/, { useInnerText: true });
      await page.getByRole('button', { name: /Foydalanuvchi menyusi/ }).click();
      await expect(page.getByRole('menuitem', { name: new RegExp(`^Balans: ${soms('50 000').source.slice(1)}`) })).toBeVisible();
      await page.keyboard.press('Escape');

      // And the server kept it.
      await page.reload();
      await expect(page.getByText(soms('50 000'))).toBeVisible();
      await expect(entry).toBeVisible();
      await expect(entry).toHaveCount(1);
    });

    await test.step("shows the provider's refusal and a wrong code as error toasts, credits nothing, and closes with Escape", async () => {
      await page.goto('/profile/balance');
      await expect(page.getByText(soms('50 000'))).toBeVisible();

      const dialog = await openCardPayment(page);
      await typeCard(dialog, BLOCKED_CARD, '10000');
      await dialog.getByRole('button', { name: 'Kod olish' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Karta bloklangan yoki SMS-xabarnoma ulanmagan' })).toBeVisible();
      await expect(dialog.getByRole('heading', { name: "Karta ma'lumotlari" })).toBeVisible();

      await dialog.getByLabel('Karta raqami').fill('');
      await dialog.getByLabel('Amal qilish muddati').fill('');
      await typeCard(dialog, TEST_CARD, '10000');
      await dialog.getByRole('button', { name: 'Kod olish' }).click();
      await dialog.getByLabel('SMS kod').fill('123456');
      await dialog.getByRole('button', { name: 'Tasdiqlash' }).click();
      await expect(page.getByRole('alert').filter({ hasText: "Tasdiqlash kodi noto'g'ri" }).first()).toBeVisible();
      await expect(dialog.getByLabel('SMS kod')).toBeVisible();

      // Escape closes the dialog from the keyboard; the focus returns to the page's button.
      await page.keyboard.press('Escape');
      await expect(dialog).not.toBeAttached();
      await expect(page.locator(':focus')).toHaveText("Hisobni to'ldirish");
      await expect(page.getByText(soms('50 000'))).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: "Balansni to'ldirish" })).toHaveCount(1);

      // Keyboard only: Enter opens the picker with the first method focused, and Tab stays inside it.
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('heading', { name: "To'lov usulini tanlang" })).toBeVisible();
      await expect(page.locator(':focus')).toHaveText(/^Uzcard \/ Humo/);
      for (let press = 0; press < 4; press++) {
        await page.keyboard.press('Tab');
        await expect(page.locator('dialog :focus')).toHaveCount(1);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).not.toBeAttached();
    });
  });

  test("follows a payment that takes long: the confirmation answers 'processing' at once, the dialog waits and shows it paid, credited once", async ({
    seller: { page },
  }) => {
    await page.goto('/profile/balance');
    await expect(page.getByText(soms('0'))).toBeVisible();
    const dialog = await openCardPayment(page);
    await typeCard(dialog, SLOW_CARD, '20000');
    await dialog.getByRole('button', { name: 'Kod olish' }).click();
    await dialog.getByLabel('SMS kod').fill(SANDBOX_OTP);
    const confirmation = page.waitForResponse((response) => response.url().endsWith('/payments/uzcard/confirmTransaction'));
    await dialog.getByRole('button', { name: 'Tasdiqlash' }).click();

    // The API does not hold the request while the payment is taken.
    expect(await (await confirmation).json()).toEqual({ result: { status: 'processing' } });
    await expect(dialog.getByRole('button', { name: 'Tekshirilmoqda...' })).toBeDisabled();
    await expect(dialog.getByText("To'lov muvaffaqiyatli amalga oshirildi")).toBeVisible({ timeout: SANDBOX_SLOW_PAY_MS + 10_000 });
    await expect(dialog.getByText(soms('20 000', { exact: false }))).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();

    await expect(page.getByText(soms('20 000'))).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: "Balansni to'ldirish" })).toHaveCount(1);
    await page.reload();
    await expect(page.getByText(soms('20 000'))).toBeVisible();
  });
});
