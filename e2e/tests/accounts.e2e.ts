import { Client } from 'pg';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { hashPassword } from '../../backend/src/auth/password-hasher';
import { newPhoneNumber, passwordFromSms, shownPhoneNumber, typePhoneNumber } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { nextSms, smsCount } from '../support/sms';
import { onEachScreen } from '../support/screens';
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
      await hashPassword(password, 'e2e'),
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

/** A 12-digit number as people write it: '+998 93 555 44 21'. */
function spaced(phoneNumber: string): string {
  const national = phoneNumber.slice(3);
  return `+998 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5, 7)} ${national.slice(7)}`;
}

/** A 12-digit number as the pages write it: '+998 93 555-44-21'. */
function formatted(phoneNumber: string): string {
  return `+998 ${shownPhoneNumber(phoneNumber)}`;
}

/** The phone field holding exactly this number, whether or not it shows +998 in the input. */
function fieldShowing(phoneNumber: string): RegExp {
  return new RegExp(`^(\\+998 )?${shownPhoneNumber(phoneNumber)}$`);
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

    test('signs a new number in typed whole from the keyboard, +998 and spaces included', async ({ page }) => {
      const phoneNumber = newPhoneNumber();
      await page.goto('/');
      await page.getByRole('link', { name: 'Kirish' }).click();
      // The field has the focus: the keyboard types straight into it.
      await expect(page.getByLabel('Telefon raqam', { exact: true })).toBeFocused();
      await page.keyboard.type(spaced(phoneNumber));
      await page.keyboard.press('Enter');
      await expect(page.getByText(`${formatted(phoneNumber)} raqami uchun parolni kiriting.`)).toBeVisible();

      await page.keyboard.type(passwordFromSms(await nextSms(phoneNumber, 0)));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/profile');
      await expect(page.getByText('Tizimga muvaffaqiyatli kirdingiz')).toBeVisible();
    });

    test('reads every way of entering a number as the same 12 digits', async ({ page, context }) => {
      const phoneNumber = newPhoneNumber();
      const national = phoneNumber.slice(3);
      const field = page.getByLabel('Telefon raqam', { exact: true });
      const typedWays = [national, `+${phoneNumber}`, phoneNumber, spaced(phoneNumber), `${national.slice(0, 2)}-${national.slice(2, 5)}-${national.slice(5, 7)}-${national.slice(7)}`];
      for (const typed of typedWays) {
        await page.goto('/login');
        await field.pressSequentially(typed);
        await expect(field, `typed '${typed}'`).toHaveValue(fieldShowing(phoneNumber));
      }

      // Tab (the keypad's 'Next') from the name field selects the phone field before the first digit.
      await page.goto('/register');
      await page.getByLabel('Ismingiz').fill('Malika');
      await page.keyboard.press('Tab');
      await expect(field).toBeFocused();
      await page.keyboard.type(national);
      await expect(field).toHaveValue(fieldShowing(phoneNumber));
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.type(`+${phoneNumber}`);
      await expect(field).toHaveValue(fieldShowing(phoneNumber));

      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      for (const pasted of [spaced(phoneNumber), phoneNumber, national]) {
        await page.goto('/login');
        await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
        await field.press('ControlOrMeta+v');
        await expect(field, `pasted '${pasted}'`).toHaveValue(fieldShowing(phoneNumber));
      }
      await field.press('Enter');
      await expect(page.getByText(`${formatted(phoneNumber)} raqami uchun parolni kiriting.`)).toBeVisible();
    });

    test("comes back to 'E'lon berish' after signing in from it", async ({ page }) => {
      const phoneNumber = newPhoneNumber();
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: "E'lon berish" }).click();
      await expect(page).toHaveURL('/login');
      await typePhoneNumber(page, phoneNumber);
      await page.getByRole('button', { name: 'Davom etish' }).click();
      await page.getByLabel('Parol', { exact: true }).fill(passwordFromSms(await nextSms(phoneNumber, 0)));
      await page.getByRole('button', { name: 'Kirish', exact: true }).click();
      await expect(page).toHaveURL('/profile/phone/add');
    });

    test('sends a signed-in visitor of /login or /register to the profile', async ({ seller: { page } }) => {
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        await expect(page).toHaveURL('/profile');
        await expect(page.getByRole('heading', { name: "Mening e'lonlarim", level: 1 })).toBeVisible();
      }
    });

    test('links the terms of the sign-up checkbox to a terms page in uz, ru and en', async ({ page }) => {
      await page.goto('/register');
      const popup = page.waitForEvent('popup');
      await page.getByRole('link', { name: 'Foydalanish shartlari' }).click();
      const terms = await popup;
      await expect(terms).toHaveURL((url) => url.pathname === '/terms');
      await expect(terms.getByRole('heading', { name: 'Foydalanish shartlari', level: 1 })).toBeVisible();
      expect(await layoutWidth(terms)).toBeLessThanOrEqual(PHONE.width);
      await terms.getByRole('combobox', { name: 'Til' }).selectOption('ru');
      await expect(terms.getByRole('heading', { name: 'Условия использования', level: 1 })).toBeVisible();
      await terms.getByRole('combobox', { name: 'Язык' }).selectOption('en');
      await expect(terms.getByRole('heading', { name: 'Terms of use', level: 1 })).toBeVisible();
      // The form keeps what was typed: the terms opened beside it.
      await expect(page.getByRole('checkbox', { name: 'Foydalanish shartlariga roziman' })).toBeVisible();
    });

    test('completes the profile to 100 % with the gender in the name card', async ({ seller: { page } }) => {
      await page.goto('/profile/settings');
      const progress = page.getByRole('progressbar', { name: "Profil to'liqligi" });
      const account = page.getByRole('region', { name: 'Foydalanuvchi nomi va e-pochta' });
      await account.getByLabel('E-pochta').fill('aziza@example.uz');
      await account.getByRole('button', { name: 'Saqlash' }).click();
      await expect(progress).toHaveAttribute('aria-valuenow', '50');

      const nameCard = page.getByRole('region', { name: 'Ism va familiya' });
      await nameCard.getByLabel('Ism', { exact: true }).fill('Aziza');
      await nameCard.getByLabel('Familiya').fill('Karimova');
      await nameCard.getByLabel('Jinsi').selectOption({ label: 'Ayol' });
      await nameCard.getByRole('button', { name: 'Saqlash' }).click();
      await expect(progress).toHaveAttribute('aria-valuenow', '80');

      const location = page.getByRole('region', { name: 'Mamlakat va viloyat' });
      await location.getByLabel('Mamlakat').selectOption({ label: "O'zbekiston" });
      await location.getByRole('button', { name: 'Saqlash' }).click();
      await expect(progress).toHaveAttribute('aria-valuenow', '90');

      const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0f766e' } }).jpeg().toBuffer();
      await page.getByRole('region', { name: 'Profil rasmi' }).getByLabel('Rasm yuklash').setInputFiles({ name: 'men.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(progress).toHaveAttribute('aria-valuenow', '100');

      await page.reload();
      await expect(nameCard.getByLabel('Jinsi')).toHaveValue('female');
      await expect(progress).toHaveAttribute('aria-valuenow', '100');
    });

    test("gives an admin on a phone every admin page from the user menu", async ({ page, stack }) => {
      const phoneNumber = newPhoneNumber();
      await createAccount(stack.databaseUrl, phoneNumber, 'admin-parol', 'admin');
      await signInWithPassword(page, phoneNumber, 'admin-parol');
      await expect(page).toHaveURL('/profile');
      // The side menu is hidden on a phone: the user menu is the way in.
      await expect(page.getByRole('navigation', { name: "Profil bo'limlari" })).toBeHidden();
      await page.getByRole('button', { name: 'Foydalanuvchi menyusi: Dilshod' }).click();
      await page.getByRole('menuitem', { name: "Bo'limlar" }).click();
      await expect(page).toHaveURL('/profile/categories');
      await expect(page.getByRole('heading', { name: "Bo'limlar", level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Foydalanuvchi menyusi: Dilshod' }).click();
      await page.getByRole('menuitem', { name: 'Admin' }).click();
      await expect(page).toHaveURL('/profile/allphones');
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

  onEachScreen(() => {
    test('offers the texted code and the reset page in step 2, and counts down when a code was just sent', async ({ page, stack }) => {
      const phoneNumber = newPhoneNumber();
      await createAccount(stack.databaseUrl, phoneNumber, 'esdan-chiqqan');
      await page.goto('/login');
      await typePhoneNumber(page, phoneNumber);
      await page.getByRole('button', { name: 'Davom etish' }).click();
      await expect(page.getByLabel('Parol', { exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Parolni tiklash' })).toHaveAttribute('href', '/forgot');
      await page.getByRole('button', { name: 'Parolni unutdingizmi?' }).click();
      await expect(page.getByText('Parol yuborildi')).toBeVisible();
      expect(await nextSms(phoneNumber, 0)).toMatch(/\b\d{5}\b/);
      await expect(page.getByText(`${formatted(phoneNumber)} raqami uchun parolni kiriting.`)).toBeVisible();

      // Asked again from another tab within the 2:00 countdown: the SMS limit refuses it, and the screen says how long to wait.
      await page.goto('/login');
      await typePhoneNumber(page, phoneNumber);
      await page.getByRole('button', { name: 'Davom etish' }).click();
      await page.getByRole('button', { name: 'Parolni unutdingizmi?' }).click();
      await expect(page.getByRole('status').getByText(/^[01]:\d\d dan keyin qayta so'rang$/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Parolni unutdingizmi?' })).toBeDisabled();
    });

    test("keeps what was typed in one settings card when another card is saved", async ({ seller: { page } }) => {
      await page.goto('/profile/settings');
      const nameCard = page.getByRole('region', { name: 'Ism va familiya' });
      await nameCard.getByLabel('Familiya').fill('Karimova');
      await nameCard.getByLabel('Jinsi').selectOption('female');

      const accountCard = page.getByRole('region', { name: 'Foydalanuvchi nomi va e-pochta' });
      await accountCard.getByLabel('Foydalanuvchi nomi').fill(`aziza_${Date.now().toString(36)}`);
      await accountCard.getByRole('button', { name: 'Saqlash' }).click();
      await expect(page.getByText('Saqlandi')).toBeVisible();

      await expect(nameCard.getByLabel('Familiya')).toHaveValue('Karimova');
      await expect(nameCard.getByLabel('Jinsi')).toHaveValue('female');

      const locationCard = page.getByRole('region', { name: 'Mamlakat va viloyat' });
      await locationCard.getByLabel('Mamlakat').selectOption('uz');
      await locationCard.getByLabel('Viloyat').selectOption('samarqand');
      await locationCard.getByRole('button', { name: 'Saqlash' }).click();
      await expect(locationCard.getByRole('button', { name: 'Saqlash' })).toBeDisabled();

      await expect(nameCard.getByLabel('Familiya')).toHaveValue('Karimova');
      await expect(nameCard.getByLabel('Jinsi')).toHaveValue('female');
      await expect(nameCard.getByRole('button', { name: 'Saqlash' })).toBeEnabled();
    });

    test('asks before leaving the settings with edits not saved, and stays when told to', async ({ seller: { page } }) => {
      await page.goto('/profile/settings');
      await page.getByRole('region', { name: 'Ism va familiya' }).getByLabel('Familiya').fill('Saqlanmagan');
      const questions: string[] = [];
      page.once('dialog', (dialog) => {
        questions.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('link', { name: 'Telefon bozor: bosh sahifa' }).click();
      await expect.poll(() => questions).toEqual(["Saqlanmagan o'zgarishlar bor. Sahifadan chiqasizmi?"]);
      await expect(page).toHaveURL('/profile/settings');
      await expect(page.getByRole('region', { name: 'Ism va familiya' }).getByLabel('Familiya')).toHaveValue('Saqlanmagan');

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('link', { name: 'Telefon bozor: bosh sahifa' }).click();
      await expect(page).toHaveURL('/');
    });

    test('counts down on /forgot when a reset was asked for within 2:00, the button usable again at 0', async ({ page, stack }) => {
      const phoneNumber = newPhoneNumber();
      await createAccount(stack.databaseUrl, phoneNumber, 'esdan-chiqqan');
      await page.goto('/forgot');
      await typePhoneNumber(page, phoneNumber);
      await page.getByRole('button', { name: 'Kod yuborish' }).click();
      await expect(page.getByLabel('SMS kod')).toBeVisible();

      // Asked again on a new visit within the 2:00: the SMS limit refuses it, and the screen counts the wait down.
      await page.clock.install();
      await page.goto('/forgot');
      await typePhoneNumber(page, phoneNumber);
      const send = page.getByRole('button', { name: 'Kod yuborish' });
      await send.click();
      const wait = page.getByRole('status').getByText(/^[01]:\d\d dan keyin qayta so'rang$/);
      await expect(wait).toBeVisible();
      const shown = await wait.textContent();
      await expect(send).toBeDisabled();
      await page.clock.fastForward(3_000);
      await expect(wait).not.toHaveText(shown!);
      await expect(page.getByText("Juda ko'p urinish")).toHaveCount(0);

      await page.clock.fastForward('02:00');
      await expect(wait).toHaveCount(0);
      await expect(send).toBeEnabled();
      // Usable: the server, whose 2:00 have not passed, refuses again, and the wait is counted down again.
      await send.click();
      await expect(wait).toBeVisible();
    });

    test("asks the account's password before moving it to a new phone number, then moves it once the code sent to it is entered", async ({ page, stack }) => {
      const phoneNumber = newPhoneNumber();
      const newNumber = newPhoneNumber();
      await createAccount(stack.databaseUrl, phoneNumber, 'eski-parol');
      await signInWithPassword(page, phoneNumber, 'eski-parol');
      await expect(page).toHaveURL('/profile');
      await page.goto('/profile/settings');
      const phoneCard = page.getByRole('region', { name: 'Telefon raqam' });
      const password = phoneCard.getByLabel('Joriy parol');
      const save = phoneCard.getByRole('button', { name: 'Saqlash' });
      await expect(password).toHaveCount(0);

      await typePhoneNumber(phoneCard, newNumber);
      await save.click();
      await expect(phoneCard.getByText('Parolingizni kiriting')).toBeVisible();
      await password.fill('notogri-parol');
      await expect(phoneCard.getByText('Parolingizni kiriting')).toHaveCount(0);
      await save.click();
      await expect(phoneCard.getByText("Parol noto'g'ri")).toBeVisible();
      await expect(phoneCard.getByLabel('Tasdiqlash kodi')).toHaveCount(0);

      await password.fill('eski-parol');
      await save.click();
      // The first SMS to the new number: the refused saves texted nothing.
      await phoneCard.getByLabel('Tasdiqlash kodi').fill(smsCode(await nextSms(newNumber, 0)));
      await expect(phoneCard.getByText('boshqa qurilmalarda tizimdan chiqasiz')).toBeVisible();
      await phoneCard.getByRole('button', { name: 'Tasdiqlash' }).click();
      await expect(page.getByText('Saqlandi')).toBeVisible();
      await expect(phoneCard.getByLabel('Telefon raqam')).toHaveValue(shownPhoneNumber(newNumber));
      await expect(password).toHaveCount(0);

      await page.reload();
      await expect(phoneCard.getByLabel('Telefon raqam')).toHaveValue(shownPhoneNumber(newNumber));
    });

    test("clears the wrong password's notice once the right one signs in", async ({ page, stack }) => {
      const phoneNumber = newPhoneNumber();
      await createAccount(stack.databaseUrl, phoneNumber, 'togri-parol');
      await signInWithPassword(page, phoneNumber, 'notogri-parol');
      const wrong = page.getByText("Telefon raqam yoki parol noto'g'ri");
      // Held under the pointer, the notice would stay: only the success can take it away. The keyboard signs in.
      await wrong.hover();
      await page.getByLabel('Parol', { exact: true }).fill('togri-parol');
      await page.getByLabel('Parol', { exact: true }).press('Enter');
      await expect(page).toHaveURL('/profile');
      await expect(wrong).toHaveCount(0);
    });
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
