import type { Browser } from 'playwright-core';
import { newPhoneNumber, typePhoneNumber } from '../support/accounts';
import { launchBrowser, newVisitor } from '../support/browser';

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('renders the home page in Uzbek by default', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Ishlatilgan telefonlar' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('uz');
    expect(await page.getByRole('link', { name: 'Kirish' }).isVisible()).toBe(true);
    await context.close();
  });

  it('keeps Russian after switching to it and reloading', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Til' }).selectOption('ru');
    await page.getByRole('heading', { name: 'Б/у телефоны' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Б/у телефоны' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
    await context.close();
  });

  it('switches a page with texts of its own to English, with its messages and the pages it links to', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/register');
    await page.getByRole('heading', { name: "Ro'yxatdan o'tish" }).waitFor();
    await page.getByRole('combobox', { name: 'Til' }).selectOption('en');
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    await page.getByLabel('Your name').fill('Malika');
    await typePhoneNumber(page, newPhoneNumber(), 'Phone number');
    await page.getByLabel('Password', { exact: true }).fill('malika-parol');
    await page.getByLabel('Confirm the password').fill('malika-parol');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Please accept the terms of use').waitFor();

    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('en');
    await context.close();
  });

  it('shows a bare Error heading for an unknown route', async () => {
    const { context, page } = await newVisitor(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Error', exact: true }).waitFor();
    await context.close();
  });
});
