import { newPhoneNumber, typePhoneNumber } from '../support/accounts';
import { UNDELIVERED_SUFFIX } from '../support/fakes';
import { expect, test } from '../support/fixtures';
import { nextSms } from '../support/sms';
import { layoutWidth, PHONE } from '../support/viewports';

test.describe('an SMS the operator could not deliver, and the card form, on a 360 px phone', () => {
  test.use({ viewport: PHONE });

  test("says 'SMS yuborilmadi' with when to ask again when Eskiz reports the password SMS undelivered", async ({ page }) => {
    const phoneNumber = `${newPhoneNumber().slice(0, -UNDELIVERED_SUFFIX.length)}${UNDELIVERED_SUFFIX}`;
    await page.goto('/login');
    await typePhoneNumber(page, phoneNumber);
    await page.getByRole('button', { name: 'Davom etish' }).click();
    // Eskiz took the SMS; the operator's report comes back on our callback URL.
    await nextSms(phoneNumber, 0);

    const alert = page.getByRole('alert').filter({ hasText: 'SMS yuborilmadi' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert.getByRole('timer')).toHaveText(/^[01]:\d\d dan keyin qayta so'rang$/);
    expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  test('shows no such notice when the SMS was delivered', async ({ page }) => {
    const phoneNumber = newPhoneNumber().replace(/0404$/, '0405');
    await page.goto('/login');
    await typePhoneNumber(page, phoneNumber);
    await page.getByRole('button', { name: 'Davom etish' }).click();
    await nextSms(phoneNumber, 0);
    await expect(page.getByLabel('Parol', { exact: true })).toBeVisible();
    // Long enough for the delivery report and one poll of the screen.
    await page.waitForTimeout(6_000);
    await expect(page.getByText('SMS yuborilmadi')).toHaveCount(0);
  });

  test("carries Payme's logo, the 'Powered by Payme' mark and a true note of where the card goes in the card dialog", async ({ seller: { page } }) => {
    await page.goto('/profile/balance');
    await page.getByRole('button', { name: "Hisobni to'ldirish" }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Uzcard \/ Humo/ }).click();
    await expect(dialog.getByText('Powered by Payme', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Payme' })).toBeVisible();
    // The stack runs the sandbox: the card goes to the site's stand-in for Payme, and the dialog says so.
    await expect(dialog.getByText("Sinov rejimi: karta ma'lumotlari Payme'ga emas, saytning sinov serveriga yuboriladi.")).toBeVisible();
    expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
