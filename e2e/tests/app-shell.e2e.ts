import { newPhoneNumber, typePhoneNumber } from '../support/accounts';
import { expect, test } from '../support/fixtures';

test.describe('app shell', () => {
  test('renders the home page in Uzbek by default', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Ishlatilgan telefonlar' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await expect(page.getByRole('link', { name: 'Kirish' })).toBeVisible();
  });

  test('keeps Russian after switching to it and reloading', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Til' }).selectOption('ru');
    await expect(page.getByRole('heading', { name: 'Б/у телефоны' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Б/у телефоны' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
  });

  test('switches a page with texts of its own to English, with its messages and the pages it links to', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: "Ro'yxatdan o'tish" })).toBeVisible();
    await page.getByRole('combobox', { name: 'Til' }).selectOption('en');
    await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByLabel('Your name').fill('Malika');
    await typePhoneNumber(page, newPhoneNumber(), 'Phone number');
    await page.getByLabel('Password', { exact: true }).fill('malika-parol');
    await page.getByLabel('Confirm the password').fill('malika-parol');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Please accept the terms of use')).toBeVisible();

    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  test('shows a bare Error heading for an unknown route', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
  });
});
