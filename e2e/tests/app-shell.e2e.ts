import type { Browser } from 'playwright-core';
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

  it('shows a bare Error heading for an unknown route', async () => {
    const { context, page } = await newVisitor(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Error', exact: true }).waitFor();
    await context.close();
  });
});
