import { expect, test } from '../support/fixtures';
import { DESKTOP, PHONE } from '../support/viewports';

/** The balance has a place (issue 36 item 9): its amount in the user menu leads to the balance page, and so does the profile's side menu. */
test.describe('the way to the balance', () => {
  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test("opens the balance page from the amount in the user menu", async ({ seller: { page } }) => {
      await page.getByRole('button', { name: /Foydalanuvchi menyusi/ }).click();
      await page.getByRole('menuitem', { name: /^Balans: 0 so'm$/ }).click();
      await expect(page).toHaveURL('/profile/balance');
      await expect(page.getByRole('button', { name: "Hisobni to'ldirish" })).toBeVisible();
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test("opens the balance page from the user menu and from the profile's side menu", async ({ seller: { page } }) => {
      await page.getByRole('button', { name: /Foydalanuvchi menyusi/ }).click();
      await page.getByRole('menuitem', { name: /^Balans: 0 so'm$/ }).click();
      await expect(page).toHaveURL('/profile/balance');
      await page.goto('/profile');
      await page.getByRole('navigation', { name: "Profil bo'limlari" }).getByRole('link', { name: 'Balans' }).click();
      await expect(page).toHaveURL('/profile/balance');
    });
  });
});
