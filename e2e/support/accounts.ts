import { expect, type Locator, type Page } from '@playwright/test';
import { nextSms, smsCount } from './sms';

/** A 12-digit Uzbek number no other test uses (random 7-digit subscriber part). */
export function newPhoneNumber(): string {
  return `99890${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

/** Types a 12-digit number into the phone field labelled `label` in `scope`, as a user does (the field shows +998 before it). */
export async function typePhoneNumber(scope: Page | Locator, phoneNumber: string, label = 'Telefon raqam'): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(phoneNumber.slice(3));
}

/** What the phone field holds for a 12-digit number: "90 123-45-67" (+998 stands before the field). */
export function shownPhoneNumber(phoneNumber: string): string {
  const digits = phoneNumber.slice(3);
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)}-${digits.slice(5, 7)}-${digits.slice(7)}`;
}

/** The password of the SMS that sign-in step 1 sends to a new number. */
export function passwordFromSms(text: string): string {
  const password = /parolingiz (\S+)/.exec(text)?.[1];
  if (!password) throw new Error(`No password in the SMS "${text}"`);
  return password;
}

/**
 * Signs a new number in through /login: step 1 creates the account and texts its
 * password, which is read from the fake SMS gateway. Ends on /profile; answers the password.
 */
export async function signInWithNewNumber(page: Page, phoneNumber: string): Promise<string> {
  await page.goto('/login');
  const password = await signInHereWithNewNumber(page, phoneNumber);
  await expect(page).toHaveURL('/profile');
  return password;
}

/** Signs a new number in on the sign-in page already open (where it goes next is the caller's to check). */
export async function signInHereWithNewNumber(page: Page, phoneNumber: string): Promise<string> {
  const smsBefore = await smsCount(phoneNumber);
  await typePhoneNumber(page, phoneNumber);
  await page.getByRole('button', { name: 'Davom etish' }).click();
  const password = passwordFromSms(await nextSms(phoneNumber, smsBefore));
  await page.getByLabel('Parol', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Kirish', exact: true }).click();
  return password;
}
