import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SANDBOX_OTP, SANDBOX_TEST_CARDS } from '../../contracts/src/payments';
import { newPhoneNumber, signInWithNewNumber } from '../support/accounts';
import { launchBrowser, newVisitor } from '../support/browser';

/** The stack runs without gateway credentials, so payments go to the sandbox gateway and its test cards. */
const TEST_CARD = SANDBOX_TEST_CARDS.find((card) => card.outcome === 'success')!;
const BLOCKED_CARD = SANDBOX_TEST_CARDS.find((card) => card.outcome === 'blocked')!;

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
  await dialog.getByRole('heading', { name: "To'lov usulini tanlang" }).waitFor();
  await dialog.getByRole('button', { name: /^Uzcard \/ Humo/ }).click();
  await dialog.getByRole('heading', { name: "Karta ma'lumotlari" }).waitFor();
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

describe('balance top-up by card', () => {
  let browser: Browser;
  let visitor: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await newVisitor(browser, { width: 360, height: 740 });
    await signInWithNewNumber(visitor.page, newPhoneNumber());
  });
  afterAll(async () => {
    await visitor.context.close();
    await browser.close();
  });

  it('tops up 50 000 so\'m with the sandbox test card and shows the new balance in the top bar, on the page and in the history', async () => {
    const { page } = visitor;
    await page.goto('/profile/balance');
    await page.getByText(soms('0')).waitFor();
    await page.getByText("Hozircha to'lovlar yo'q").waitFor();

    await page.getByRole('button', { name: "Hisobni to'ldirish" }).click();
    const dialog = paymentDialog(page);
    await dialog.getByRole('heading', { name: "To'lov usulini tanlang" }).waitFor();
    for (const method of ['Payme', 'Click', 'Uzum']) {
      expect(await dialog.getByRole('button', { name: new RegExp(`^${method}`) }).isDisabled()).toBe(true);
    }
    await dialog.getByRole('button', { name: /^Uzcard \/ Humo/ }).click();

    // The sandbox is labelled, with the test card to use; the spec's messages guard the fields.
    await dialog.getByText('Sinov rejimi: kartadan haqiqiy pul yechilmaydi').waitFor();
    await dialog.getByText(`Test karta: ${TEST_CARD.number}`, { exact: false }).waitFor();
    await typeCard(dialog, { number: '860006919540', expiry: TEST_CARD.expiry }, '500');
    await dialog.getByRole('button', { name: 'Kod olish' }).click();
    await dialog.getByText('Kamida 16 ta raqam kiriting').waitFor();
    await dialog.getByText("Eng kam summa 1 000 so'm").waitFor();

    await dialog.getByLabel('Karta raqami').fill('');
    await typeCard(dialog, TEST_CARD, '50000');
    expect(await dialog.getByLabel('Karta raqami').inputValue()).toBe(TEST_CARD.number);
    expect(await dialog.getByLabel('Amal qilish muddati').inputValue()).toBe(TEST_CARD.expiry);
    expect(await dialog.getByLabel("Summa (so'm)").inputValue()).toBe('50 000');
    await dialog.getByRole('button', { name: 'Kod olish' }).click();

    await dialog.getByText('Tasdiqlash kodi +99890*****67 raqamiga yuborildi').waitFor();
    await dialog.getByLabel('SMS kod').fill(SANDBOX_OTP);
    await dialog.getByRole('button', { name: 'Tasdiqlash' }).click();
    await dialog.getByText("To'lov muvaffaqiyatli amalga oshirildi").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Without a reload: the page, the history and the top bar's user menu.
    await page.getByText(soms('50 000')).waitFor();
    const entry = page.getByRole('listitem').filter({ hasText: "Balansni to'ldirish" });
    await entry.getByText(soms('50 000', { sign: '+' })).waitFor();
    expect(await entry.locator('time').innerText()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    await page.getByRole('button', { name: /Foydalanuvchi menyusi/ }).click();
    await page.getByText('Balans:').getByText(soms('50 000', { exact: false })).waitFor();
    await page.keyboard.press('Escape');

    // And the server kept it.
    await page.reload();
    await page.getByText(soms('50 000')).waitFor();
    await entry.waitFor();
    expect(await entry.count()).toBe(1);
  });

  it('shows the provider\'s refusal and a wrong code as error toasts, credits nothing, and closes with Escape', async () => {
    const { page } = visitor;
    await page.goto('/profile/balance');
    await page.getByText(soms('50 000')).waitFor();

    let dialog = await openCardPayment(page);
    await typeCard(dialog, BLOCKED_CARD, '10000');
    await dialog.getByRole('button', { name: 'Kod olish' }).click();
    await page.getByRole('alert').filter({ hasText: 'Karta bloklangan yoki SMS-xabarnoma ulanmagan' }).waitFor();
    await dialog.getByRole('heading', { name: "Karta ma'lumotlari" }).waitFor();

    await dialog.getByLabel('Karta raqami').fill('');
    await dialog.getByLabel('Amal qilish muddati').fill('');
    await typeCard(dialog, TEST_CARD, '10000');
    await dialog.getByRole('button', { name: 'Kod olish' }).click();
    await dialog.getByLabel('SMS kod').fill('123456');
    await dialog.getByRole('button', { name: 'Tasdiqlash' }).click();
    await page.getByRole('alert').filter({ hasText: "Tasdiqlash kodi noto'g'ri" }).first().waitFor();
    await dialog.getByLabel('SMS kod').waitFor();

    // Escape closes the dialog from the keyboard; the focus returns to the page's button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Hisobni to'ldirish");
    await page.getByText(soms('50 000')).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: "Balansni to'ldirish" }).count()).toBe(1);

    // Keyboard only: Enter opens the picker with the first method focused, and Tab stays inside it.
    dialog = paymentDialog(page);
    await page.keyboard.press('Enter');
    await dialog.getByRole('heading', { name: "To'lov usulini tanlang" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Uzcard \/ Humo/);
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
