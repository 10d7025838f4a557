import { Client } from 'pg';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { hashPassword } from '../../backend/src/auth/password-hasher';
import { maskedPhoneNumber, newPhoneNumber, passwordFromSms, typePhoneNumber } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { nextSms, smsCount } from '../support/sms';
import { layoutWidth, PHONE } from '../support/viewports';

/**
 * An existing account with a known password, written straight to the database: making it
 * through the screens would text the number, and a number gets one SMS per 120 s.
 */
async function createAccount(databaseUrl: string, phoneNumber: string, password: string, role: 'user' | 'admin' = 'user'): Promise<void> {
  const database = new Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    await database.query(`INSERT INTO users (phone_number, name, role, password_hash, phone_confirmed) VALUES ($1, 'Dilshod', $2, $3, true)`, [
      phoneNumber,
      role,
      await hashPassword(password),
    ]);
  } finally {
    await database.end();
  }
}

async function signInWithPassword(page: Page, phoneNumber: string, password: string): Promise<void> {
  await page.goto('/login');
  await typePhoneNumber(page, phoneNumber);
  await page.getByRole('button', { name: 'Davom etish' }).click();
  await page.getByLabel('Parol', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Kirish', exact: true }).click();
}

/** The 5-digit code of an SMS. */
function smsCode(text: string): string {
  return /\b(\d{5})\b/.exec(text)![1];
}

test.describe('accounts', () => {
  test.describe('on a 360 px phone', () => {
    test.use({ viewport: PHONE });

    test('signs a new number in with the password from the SMS, and signs out', async ({ page }) => {
      const phoneNumber = newPhoneNumber();
      await page.goto('/');
      await page.getByRole('link', { name: 'Kirish' }).click();
      await expect(page.getByRole('heading', { name: 'Kirish' })).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await typePhoneNumber(page, phoneNumber);
      await page.getByRole('button', { name: 'Davom etish' }).click();
      await expect(page.getByText('Parolingiz telefon raqamingizga SMS orqali yuborildi')).toBeVisible();

      const password = passwordFromSms(await nextSms(phoneNumber, 0));
      await page.getByLabel('Parol', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Kirish', exact: true }).click();
      await expect(page).toHaveURL('/profile');
      await expect(page.getByText('Tizimga muvaffaqiyatli kirdingiz')).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);

      await page.getByRole('button', { name: /Foydalanuvchi menyusi/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Chiqish' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
      await page.getByRole('menuitem', { name: 'Chiqish' }).click();
      await expect(page.getByText('Tizimdan chiqdingiz!')).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.getByRole('link', { name: 'Kirish' })).toBeVisible();
    });

    test('registers a number confirmed by the SMS code and congratulates the new user', async ({ page }) => {
      const phoneNumber = newPhoneNumber();
      await page.goto('/register');
      await page.getByLabel('Ismingiz').fill('Malika');
      await typePhoneNumber(page, phoneNumber);
      await page.getByLabel('Parol', { exact: true }).fill('malika-parol');
      await page.getByLabel('Parolni tasdiqlang').fill('malika-parol');
      await page.getByRole('button', { name: "Ro'yxatdan o'tish" }).click();
      await expect(page.getByText('Foydalanish shartlariga rozilik bildiring')).toBeVisible();

      await page.getByRole('checkbox', { name: 'Foydalanish shartlariga roziman' }).check();
      await page.getByRole('button', { name: "Ro'yxatdan o'tish" }).click();
      await page.getByLabel('SMS kod').fill(smsCode(await nextSms(phoneNumber, 0)));
      await page.getByRole('button', { name: 'Tasdiqlash' }).click();
      await expect(page.getByText("Tabriklaymiz! Siz muvaffaqiyatli ro'yxatdan o'tdingiz")).toBeVisible();
      await page.getByRole('link', { name: "Profilga o'tish" }).click();
      await expect(page).toHaveURL('/profile');
      await expect(page.getByRole('button', { name: 'Foydalanuvchi menyusi: Malika' })).toBeVisible();
    });
  });

  test('shows the error for a wrong password and stays on the sign-in page', async ({ page, stack }) => {
    const phoneNumber = newPhoneNumber();
    await createAccount(stack.databaseUrl, phoneNumber, 'togri-parol');
    await signInWithPassword(page, phoneNumber, 'notogri-parol');
    await expect(page.getByText("Telefon raqam yoki parol noto'g'ri")).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByText('Parolingiz telefon raqamingizga SMS orqali yuborildi')).toHaveCount(0);
  });

  test("offers 'forgot password' to an existing account and signs in with the SMS code instead of the password", async ({ page, stack }) => {
    const phoneNumber = newPhoneNumber();
    await createAccount(stack.databaseUrl, phoneNumber, 'unutilgan-parol');
    await page.goto('/login');
    await typePhoneNumber(page, phoneNumber);
    await page.getByRole('button', { name: 'Davom etish' }).click();
    await page.getByRole('button', { name: 'Parolni unutdingizmi?' }).click();
    await expect(page.getByText('Parol yuborildi')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Parolni unutdingizmi?' })).toHaveCount(0);

    await page.getByLabel('Parol', { exact: true }).fill(smsCode(await nextSms(phoneNumber, 0)));
    await page.getByRole('button', { name: 'Kirish', exact: true }).click();
    await expect(page).toHaveURL('/profile');
  });

  test('sets a new password through /forgot with the SMS code; the new password then signs in', async ({ page, stack }) => {
    const phoneNumber = newPhoneNumber();
    await createAccount(stack.databaseUrl, phoneNumber, 'eski-parol');
    const smsBefore = await smsCount(phoneNumber);

    await page.goto('/forgot');
    await typePhoneNumber(page, phoneNumber);
    await page.getByRole('button', { name: 'Kod yuborish' }).click();
    await expect(page.getByRole('timer').getByText(/^Kodni qayta yuborish: (2:00|1:5\d)$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kodni qayta yuborish' })).toBeDisabled();

    await page.getByLabel('SMS kod').fill(smsCode(await nextSms(phoneNumber, smsBefore)));
    await page.getByRole('button', { name: 'Davom etish' }).click();
    await page.getByLabel('Yangi parol').fill('yangi-parol-2024');
    await page.getByLabel('Parolni tasdiqlang').fill('boshqa-parol');
    await page.getByRole('button', { name: 'Parolni saqlash' }).click();
    await expect(page.getByText('Parollar mos kelmadi')).toBeVisible();
    await page.getByLabel('Parolni tasdiqlang').fill('yangi-parol-2024');
    await page.getByRole('button', { name: 'Parolni saqlash' }).click();
    await expect(page.getByRole('status').getByText('Parolingiz yangilandi')).toBeVisible();

    await page.getByRole('link', { name: "Kirish sahifasiga o'tish" }).click();
    await expect(page).toHaveURL('/login');
    await signInWithPassword(page, phoneNumber, 'yangi-parol-2024');
    await expect(page).toHaveURL('/profile');
  });

  test('keeps a settings change after a reload', async ({ seller: { page } }) => {
    await page.goto('/profile/settings');
    const nameCard = page.getByRole('region', { name: 'Ism va familiya' });
    const save = nameCard.getByRole('button', { name: 'Saqlash' });
    await expect(save).toBeDisabled();

    await nameCard.getByLabel('Ism', { exact: true }).fill('Aziza');
    await nameCard.getByLabel('Familiya').fill('Karimova');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Saqlandi')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: "Profil to'liqligi" })).toHaveAttribute('aria-valuenow', '60');

    await page.reload();
    await expect(nameCard.getByLabel('Ism', { exact: true })).toHaveValue('Aziza');
    await expect(page.getByRole('button', { name: 'Foydalanuvchi menyusi: Aziza Karimova' })).toBeVisible();
    await expect(save).toBeDisabled();
  });

  test('updates and removes the avatar', async ({ seller: { page } }) => {
    await page.goto('/profile/settings');
    const avatarCard = page.getByRole('region', { name: 'Profil rasmi' });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } }).jpeg().toBuffer();
    await avatarCard.getByLabel('Rasm yuklash').setInputFiles({ name: 'men.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByText('Foto yangilandi')).toBeVisible();
    const avatar = avatarCard.getByRole('img');
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { message: 'the avatar has loaded', intervals: [100] }).toBe(true);
    await expect(page.getByRole('progressbar', { name: "Profil to'liqligi" })).toHaveAttribute('aria-valuenow', '50');

    await page.reload();
    await avatarCard.getByRole('button', { name: "Rasmni o'chirish" }).click();
    await expect(page.getByText("Rasm o'chirildi")).toBeVisible();
    await expect(avatarCard.getByRole('img')).toHaveCount(0);
  });

  test('moves the account to a new phone number once the code sent to it is entered', async ({ seller: { page } }) => {
    const newNumber = newPhoneNumber();
    await page.goto('/profile/settings');
    const phoneCard = page.getByRole('region', { name: 'Telefon raqam' });
    await typePhoneNumber(phoneCard, newNumber);
    await phoneCard.getByRole('button', { name: 'Saqlash' }).click();
    await phoneCard.getByLabel('Tasdiqlash kodi').fill(smsCode(await nextSms(newNumber, 0)));
    await phoneCard.getByRole('button', { name: 'Tasdiqlash' }).click();
    await expect(page.getByText('Saqlandi')).toBeVisible();
    await expect(phoneCard.getByLabel('Telefon raqam')).toHaveValue(maskedPhoneNumber(newNumber));

    await page.reload();
    await expect(phoneCard.getByLabel('Telefon raqam')).toHaveValue(maskedPhoneNumber(newNumber));
  });

  test('shows an admin the Admin menu item and the admin entries of the side menu', async ({ page, stack }) => {
    const phoneNumber = newPhoneNumber();
    await createAccount(stack.databaseUrl, phoneNumber, 'admin-parol', 'admin');
    await signInWithPassword(page, phoneNumber, 'admin-parol');
    await expect(page).toHaveURL('/profile');
    const sideMenu = page.getByRole('navigation', { name: "Profil bo'limlari" });
    await expect(sideMenu.getByRole('link', { name: "Bo'limlar" })).toBeVisible();
    await expect(sideMenu.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/profile/allphones');

    await page.getByRole('button', { name: 'Foydalanuvchi menyusi: Dilshod' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Admin' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/profile/allphones');
  });

  test('sends a signed-out visitor of /profile/settings to /login', async ({ page }) => {
    await page.goto('/profile/settings');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Kirish' })).toBeVisible();
  });
});
