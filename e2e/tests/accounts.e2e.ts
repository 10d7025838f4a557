import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { hashPassword } from '../../backend/src/auth/password-hasher';
import { maskedPhoneNumber, newPhoneNumber, passwordFromSms, signInWithNewNumber, typePhoneNumber } from '../support/accounts';
import { launchBrowser, newVisitor } from '../support/browser';
import { nextSms, smsCount } from '../support/sms';

/**
 * An existing account with a known password, written straight to the database: making it
 * through the screens would text the number, and a number gets one SMS per 120 s.
 */
async function createAccount(phoneNumber: string, password: string, role: 'user' | 'admin' = 'user'): Promise<void> {
  const database = new Client({ connectionString: process.env.E2E_DATABASE_URL });
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

describe('accounts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('signs a new number in with the password from the SMS, on a 360 px phone, and signs out', async () => {
    const { context, page } = await newVisitor(browser, { width: 360, height: 740 });
    const phoneNumber = newPhoneNumber();
    const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= 360);
    await page.goto('/');
    await page.getByRole('link', { name: 'Kirish' }).click();
    await page.getByRole('heading', { name: 'Kirish' }).waitFor();
    expect(await fitsTheScreen()).toBe(true);
    await typePhoneNumber(page, phoneNumber);
    await page.getByRole('button', { name: 'Davom etish' }).click();
    await page.getByText('Parolingiz telefon raqamingizga SMS orqali yuborildi').waitFor();

    const password = passwordFromSms(await nextSms(phoneNumber, 0));
    await page.getByLabel('Parol', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Kirish', exact: true }).click();
    await page.waitForURL('**/profile');
    await page.getByText('Tizimga muvaffaqiyatli kirdingiz').waitFor();
    expect(await fitsTheScreen()).toBe(true);

    await page.getByRole('button', { name: /Foydalanuvchi menyusi/ }).click();
    expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Chiqish' }).click();
    await page.getByText('Tizimdan chiqdingiz!').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Kirish' }).waitFor();
    await context.close();
  });

  it('registers a number confirmed by the SMS code and congratulates the new user', async () => {
    const { context, page } = await newVisitor(browser, { width: 360, height: 740 });
    const phoneNumber = newPhoneNumber();
    await page.goto('/register');
    await page.getByLabel('Ismingiz').fill('Malika');
    await typePhoneNumber(page, phoneNumber);
    await page.getByLabel('Parol', { exact: true }).fill('malika-parol');
    await page.getByLabel('Parolni tasdiqlang').fill('malika-parol');
    await page.getByRole('button', { name: "Ro'yxatdan o'tish" }).click();
    await page.getByText('Foydalanish shartlariga rozilik bildiring').waitFor();

    await page.getByRole('checkbox', { name: 'Foydalanish shartlariga roziman' }).check();
    await page.getByRole('button', { name: "Ro'yxatdan o'tish" }).click();
    const code = /\b(\d{5})\b/.exec(await nextSms(phoneNumber, 0))![1];
    await page.getByLabel('SMS kod').fill(code);
    await page.getByRole('button', { name: 'Tasdiqlash' }).click();
    await page.getByText("Tabriklaymiz! Siz muvaffaqiyatli ro'yxatdan o'tdingiz").waitFor();
    await page.getByRole('link', { name: "Profilga o'tish" }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('button', { name: 'Foydalanuvchi menyusi: Malika' }).waitFor();
    await context.close();
  });

  it('shows the error for a wrong password and stays on the sign-in page', async () => {
    const { context, page } = await newVisitor(browser);
    const phoneNumber = newPhoneNumber();
    await createAccount(phoneNumber, 'togri-parol');
    await signInWithPassword(page, phoneNumber, 'notogri-parol');
    await page.getByText("Telefon raqam yoki parol noto'g'ri").waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByText('Parolingiz telefon raqamingizga SMS orqali yuborildi').count()).toBe(0);
    await context.close();
  });

  it("offers 'forgot password' to an existing account and signs in with the SMS code instead of the password", async () => {
    const { context, page } = await newVisitor(browser);
    const phoneNumber = newPhoneNumber();
    await createAccount(phoneNumber, 'unutilgan-parol');
    await page.goto('/login');
    await typePhoneNumber(page, phoneNumber);
    await page.getByRole('button', { name: 'Davom etish' }).click();
    await page.getByRole('button', { name: 'Parolni unutdingizmi?' }).click();
    await page.getByText('Parol yuborildi').waitFor();
    expect(await page.getByRole('button', { name: 'Parolni unutdingizmi?' }).count()).toBe(0);

    const code = /\b(\d{5})\b/.exec(await nextSms(phoneNumber, 0))![1];
    await page.getByLabel('Parol', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Kirish', exact: true }).click();
    await page.waitForURL('**/profile');
    await context.close();
  });

  it('sets a new password through /forgot with the SMS code; the new password then signs in', async () => {
    const { context, page } = await newVisitor(browser);
    const phoneNumber = newPhoneNumber();
    await createAccount(phoneNumber, 'eski-parol');
    const smsBefore = await smsCount(phoneNumber);

    await page.goto('/forgot');
    await typePhoneNumber(page, phoneNumber);
    await page.getByRole('button', { name: 'Kod yuborish' }).click();
    await page.getByRole('timer').getByText(/^Kodni qayta yuborish: (2:00|1:5\d)$/).waitFor();
    expect(await page.getByRole('button', { name: 'Kodni qayta yuborish' }).isDisabled()).toBe(true);

    const code = /\b(\d{5})\b/.exec(await nextSms(phoneNumber, smsBefore))![1];
    await page.getByLabel('SMS kod').fill(code);
    await page.getByRole('button', { name: 'Davom etish' }).click();
    await page.getByLabel('Yangi parol').fill('yangi-parol-2024');
    await page.getByLabel('Parolni tasdiqlang').fill('boshqa-parol');
    await page.getByRole('button', { name: 'Parolni saqlash' }).click();
    await page.getByText('Parollar mos kelmadi').waitFor();
    await page.getByLabel('Parolni tasdiqlang').fill('yangi-parol-2024');
    await page.getByRole('button', { name: 'Parolni saqlash' }).click();
    await page.getByRole('status').getByText('Parolingiz yangilandi').waitFor();

    await page.getByRole('link', { name: "Kirish sahifasiga o'tish" }).click();
    await page.waitForURL('**/login');
    await signInWithPassword(page, phoneNumber, 'yangi-parol-2024');
    await page.waitForURL('**/profile');
    await context.close();
  });

  it('keeps a settings change after a reload', async () => {
    const { context, page } = await newVisitor(browser);
    await signInWithNewNumber(page, newPhoneNumber());
    await page.goto('/profile/settings');
    const nameCard = page.getByRole('region', { name: 'Ism va familiya' });
    const save = nameCard.getByRole('button', { name: 'Saqlash' });
    expect(await save.isDisabled()).toBe(true);

    await nameCard.getByLabel('Ism', { exact: true }).fill('Aziza');
    await nameCard.getByLabel('Familiya').fill('Karimova');
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText('Saqlandi').waitFor();
    await page.getByRole('progressbar', { name: "Profil to'liqligi" }).and(page.locator('[aria-valuenow="60"]')).waitFor();

    await page.reload();
    await page.getByRole('region', { name: 'Ism va familiya' }).getByLabel('Ism', { exact: true }).and(page.locator('[value="Aziza"]')).waitFor();
    await page.getByRole('button', { name: 'Foydalanuvchi menyusi: Aziza Karimova' }).waitFor();
    expect(await page.getByRole('region', { name: 'Ism va familiya' }).getByRole('button', { name: 'Saqlash' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('updates and removes the avatar', async () => {
    const { context, page } = await newVisitor(browser);
    await signInWithNewNumber(page, newPhoneNumber());
    await page.goto('/profile/settings');
    const avatarCard = page.getByRole('region', { name: 'Profil rasmi' });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } }).jpeg().toBuffer();
    await avatarCard.getByLabel('Rasm yuklash').setInputFiles({ name: 'men.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByText('Foto yangilandi').waitFor();
    const avatar = avatarCard.getByRole('img');
    await avatar.waitFor();
    await page.waitForFunction((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0, await avatar.elementHandle());
    await page.getByRole('progressbar', { name: "Profil to'liqligi" }).and(page.locator('[aria-valuenow="50"]')).waitFor();

    await page.reload();
    await avatarCard.getByRole('button', { name: "Rasmni o'chirish" }).click();
    await page.getByText("Rasm o'chirildi").waitFor();
    expect(await avatarCard.getByRole('img').count()).toBe(0);
    await context.close();
  });

  it('moves the account to a new phone number once the code sent to it is entered', async () => {
    const { context, page } = await newVisitor(browser);
    await signInWithNewNumber(page, newPhoneNumber());
    const newNumber = newPhoneNumber();
    await page.goto('/profile/settings');
    const phoneCard = page.getByRole('region', { name: 'Telefon raqam' });
    await typePhoneNumber(phoneCard, newNumber);
    await phoneCard.getByRole('button', { name: 'Saqlash' }).click();
    const code = /\b(\d{5})\b/.exec(await nextSms(newNumber, 0))![1];
    await phoneCard.getByLabel('Tasdiqlash kodi').fill(code);
    await phoneCard.getByRole('button', { name: 'Tasdiqlash' }).click();
    await page.getByText('Saqlandi').waitFor();

    expect(await phoneCard.getByLabel('Telefon raqam').inputValue()).toBe(maskedPhoneNumber(newNumber));
    await page.reload();
    const phoneField = page.getByRole('region', { name: 'Telefon raqam' }).getByLabel('Telefon raqam');
    await page.waitForFunction(
      ([field, expected]) => (field as HTMLInputElement).value === expected,
      [await phoneField.elementHandle(), maskedPhoneNumber(newNumber)] as const,
    );
    await context.close();
  });

  it('shows an admin the Admin menu item and the admin entries of the side menu', async () => {
    const { context, page } = await newVisitor(browser);
    const phoneNumber = newPhoneNumber();
    await createAccount(phoneNumber, 'admin-parol', 'admin');
    await signInWithPassword(page, phoneNumber, 'admin-parol');
    await page.waitForURL('**/profile');
    const sideMenu = page.getByRole('navigation', { name: "Profil bo'limlari" });
    await sideMenu.getByRole('link', { name: "Bo'limlar" }).waitFor();
    expect(await sideMenu.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/profile/allphones');

    const menuButton = page.getByRole('button', { name: 'Foydalanuvchi menyusi: Dilshod' });
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitem', { name: 'Profil' }).and(page.locator(':focus')).waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.getByRole('menuitem', { name: 'Admin' }).and(page.locator(':focus')).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/profile/allphones');
    await context.close();
  });

  it('sends a signed-out visitor of /profile/settings to /login', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/profile/settings');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Kirish' }).waitFor();
    await context.close();
  });
});
