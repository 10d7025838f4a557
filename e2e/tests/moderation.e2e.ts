import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { signInWithNewNumber } from '../support/accounts';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { launchBrowser, newVisitor } from '../support/browser';
import { E2eListings, type SeededListing, type SeededSeller } from '../support/listings';

const PHONE_SCREEN = { width: 360, height: 780 };

/** The card of a listing on the page (the listing card is an <article>). */
function cardOf(page: Page, name: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** A status tab of 'Barcha telefonlar', e.g. 'Tekshiruvda 3'. */
function tab(page: Page, label: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${label} \\d+$`) });
}

async function countOf(statusTab: Locator): Promise<number> {
  const name = (await statusTab.textContent()) ?? '';
  return Number(/(\d+)$/.exec(name.trim())?.[1]);
}

async function expectCount(statusTab: Locator, expected: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await countOf(statusTab)) !== expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await countOf(statusTab)).toBe(expected);
}

describe("moderation from 'Barcha telefonlar'", () => {
  const run = Date.now().toString(36);
  let browser: Browser;
  let seeder: E2eListings;
  let seller: SeededSeller;
  let toApprove: SeededListing;
  let toReject: SeededListing;
  let promoted: SeededListing;
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    browser = await launchBrowser();
    seeder = await E2eListings.connect();
    const brand = await seeder.createBrand(`E2E moderatsiya ${run}`);
    const device = await seeder.createDevice(brand, `Moderatsiya ${run}`);
    seller = await seeder.createSeller({ name: 'Moderatsiya sotuvchi' });
    // The queue is oldest first: these come before anything other test files leave waiting.
    toApprove = await seeder.createListing({ device, seller, name: `Tasdiqlanadigan ${run}`, status: 'waiting', createdAt: new Date('2020-01-01T08:00:00Z') });
    toReject = await seeder.createListing({ device, seller, name: `Rad etiladigan ${run}`, status: 'waiting', createdAt: new Date('2020-01-01T08:01:00Z') });
    promoted = await seeder.createListing({ device, seller, name: `Super ${run}`, tarif: 1, createdAt: new Date('2020-01-01T08:02:00Z') });

    admin = await newVisitor(browser, PHONE_SCREEN);
    await signInWithNewNumber(admin.page, TEST_ADMIN_PHONES.moderation);
  });
  afterAll(async () => {
    await admin?.context.close();
    await browser?.close();
    await seeder?.close();
    await E2eListings.removePhotoFiles();
  });

  it('lets an admin approve one waiting listing and reject another with a reason, on a 360 px screen', async () => {
    const { page } = admin;
    await page.goto('/profile/allphones');
    await page.getByRole('heading', { name: 'Barcha telefonlar', level: 1 }).waitFor();
    const waiting = tab(page, 'Tekshiruvda');
    expect(await waiting.getAttribute('aria-selected')).toBe('true');
    await cardOf(page, toApprove.name).waitFor();
    const waitingBefore = await countOf(waiting);
    const activeBefore = await countOf(tab(page, 'Faol'));
    const cancelledBefore = await countOf(tab(page, 'Rad etilgan'));

    // The session is gone when the admin approves: the card comes back with an error toast.
    const cookies = await admin.context.cookies();
    await admin.context.clearCookies();
    await cardOf(page, toApprove.name).getByRole('button', { name: 'Tasdiqlash' }).click();
    await page.getByRole('alert').filter({ hasText: toApprove.name }).waitFor();
    await cardOf(page, toApprove.name).getByRole('button', { name: 'Tasdiqlash' }).waitFor();
    await expectCount(waiting, waitingBefore);
    await admin.context.addCookies(cookies);

    await cardOf(page, toApprove.name).getByRole('button', { name: 'Tasdiqlash' }).click();
    await cardOf(page, toApprove.name).waitFor({ state: 'detached' });
    await expectCount(waiting, waitingBefore - 1);
    await expectCount(tab(page, 'Faol'), activeBefore + 1);

    // Rejecting asks for a reason first.
    await cardOf(page, toReject.name).getByRole('button', { name: 'Rad etish' }).click();
    const dialog = page.getByRole('dialog', { name: "E'lonni rad etish" });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Rad etish' }).click();
    await dialog.getByText("Maydonni to'ldiring").waitFor();
    await dialog.getByRole('radio', { name: 'Boshqa sabab' }).check();
    await dialog.getByLabel('Sababni yozing').waitFor();
    await dialog.getByRole('radio', { name: 'Rasmlar sifatsiz' }).check();
    await dialog.getByRole('button', { name: 'Rad etish' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await cardOf(page, toReject.name).waitFor({ state: 'detached' });
    await expectCount(waiting, waitingBefore - 2);
    await expectCount(tab(page, 'Rad etilgan'), cancelledBefore + 1);

    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_SCREEN.width);

    await tab(page, 'Rad etilgan').click();
    await cardOf(page, toReject.name).getByText('Sabab: Rasmlar sifatsiz').waitFor();
    await tab(page, 'Faol').click();
    const approved = cardOf(page, toApprove.name);
    await approved.getByText('Muallif: Moderatsiya sotuvchi').waitFor();
    expect(await approved.getByRole('button', { name: 'Tasdiqlash' }).count()).toBe(0);
  });

  it('posts an active tariff-1 listing to the channels from its Post buttons and shows each channel\'s state', async () => {
    const { page } = admin;
    await page.goto('/profile/allphones?status=active');
    const card = cardOf(page, promoted.name);
    const channels = card.getByRole('list', { name: 'Kanallar' });
    await channels.getByText('Telegram: Joylanmagan').waitFor();
    expect(await card.getByRole('button', { name: /ga joylash$/ }).count()).toBe(3);

    // One click hides every Post button of the card and asks for all channels; the test stack configures none.
    await card.getByRole('button', { name: 'Telegramga joylash' }).click();
    await card.getByRole('button', { name: /ga joylash$/ }).first().waitFor({ state: 'detached' });
    for (const channel of ['Telegram', 'Instagram', 'Facebook']) {
      await channels.getByText(`${channel}: O'tkazib yuborildi: kanal sozlanmagan`).waitFor();
    }
    // Skipped is not posted: the admin may try again once the channel is configured.
    await card.getByRole('button', { name: 'Telegramga joylash' }).waitFor();
  });

  it('shows the seller the approved listing under active, the rejected one under cancelled with the reason, and no admin controls', async () => {
    const { context, page } = await newVisitor(browser, PHONE_SCREEN);
    try {
      await signInWithNewNumber(page, seller.phoneNumber);
      await cardOf(page, toApprove.name).waitFor();
      await page.getByRole('tab', { name: /^Rad etilgan/ }).click();
      await cardOf(page, toReject.name).getByText('Rasmlar sifatsiz').waitFor();

      // The sellers' bot card is in the settings; the test stack runs without a bot, and says so.
      await page.goto('/profile/settings');
      const telegram = page.getByRole('region', { name: 'Telegram bot' });
      await telegram.getByText('Ulanmagan', { exact: true }).waitFor();
      await telegram.getByRole('button', { name: 'Telegramni ulash' }).click();
      await telegram.getByRole('alert').getByText('Telegram bot hozircha ulanmagan').waitFor();

      // The admin page shows a seller none of its controls.
      await page.goto('/profile/allphones');
      await page.getByText('Bu sahifa faqat adminlar uchun').waitFor();
      expect(await page.getByRole('tab').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Tasdiqlash' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
