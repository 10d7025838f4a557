import type { Locator, Page } from '@playwright/test';
import { LIMITS } from '@market/contracts';
import { signInWithNewNumber } from '../support/accounts';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import { approvalNotice, approvalSent, approve, waitingCard } from '../support/moderation';
import { smallTouchTargets } from '../support/touch-targets';
import type { SeededListing, SeededSeller } from '../support/listings';
import { DESKTOP, layoutWidth } from '../support/viewports';

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

/** A status tab's label ends with its count. */
function expectCount(statusTab: Locator, count: number): Promise<void> {
  return expect(statusTab).toHaveText(new RegExp(`\\D${count}\\s*$`));
}

test.describe("moderation from 'Barcha telefonlar'", () => {
  // The seller's view checks what the admin did in the tests before it.
  test.describe.configure({ mode: 'serial' });
  test.use({ adminPhone: TEST_ADMIN_PHONES.moderation, viewport: PHONE_SCREEN });
  const run = Date.now().toString(36);
  let seller: SeededSeller;
  let toApprove: SeededListing;
  let toReject: SeededListing;
  let toUndo: SeededListing;
  let toLapse: SeededListing;
  let toLeave: SeededListing;
  let promoted: SeededListing;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`E2E moderatsiya ${run}`);
    const device = await listings.createDevice(brand, `Moderatsiya ${run}`);
    seller = await listings.createSeller({ name: 'Moderatsiya sotuvchi' });
    // Made now, the approved one is among the newest of 'Faol' (its first page) once approved.
    toApprove = await listings.createListing({ device, seller, name: `Tasdiqlanadigan ${run}`, status: 'waiting' });
    toReject = await listings.createListing({ device, seller, name: `Rad etiladigan ${run}`, status: 'waiting' });
    toUndo = await listings.createListing({ device, seller, name: `Qaytariladigan ${run}`, status: 'waiting' });
    toLapse = await listings.createListing({ device, seller, name: `Kutib tasdiqlanadigan ${run}`, status: 'waiting' });
    toLeave = await listings.createListing({ device, seller, name: `Sahifa yopilganda tasdiqlanadigan ${run}`, status: 'waiting' });
    // 'Faol' is newest first: made last, it heads that tab.
    promoted = await listings.createListing({ device, seller, name: `Super ${run}`, tarif: 1 });
  });

  test('lets an admin approve one waiting listing and reject another with a reason, on a 360 px screen', async ({ admin: { page } }) => {
    await waitingCard(page, toApprove.name);
    await expect(page.getByRole('heading', { name: 'Barcha telefonlar', level: 1 })).toBeVisible();
    const waiting = tab(page, 'Tekshiruvda');
    await expect(waiting).toHaveAttribute('aria-selected', 'true');
    const waitingBefore = await countOf(waiting);
    const activeBefore = await countOf(tab(page, 'Faol'));
    const cancelledBefore = await countOf(tab(page, 'Rad etilgan'));

    // The session is gone when the admin approves: the card comes back with an error toast.
    const cookies = await page.context().cookies();
    await page.context().clearCookies();
    expect((await approve(cardOf(page, toApprove.name), toApprove.name)).ok()).toBe(false);
    await expect(page.getByRole('alert').filter({ hasText: `«${toApprove.name}»:` })).toBeVisible();
    await expect(cardOf(page, toApprove.name).getByRole('button', { name: 'Tasdiqlash' })).toBeVisible();
    await expectCount(waiting, waitingBefore);
    await page.context().addCookies(cookies);

    expect((await approve(cardOf(page, toApprove.name), toApprove.name)).ok()).toBe(true);
    await expect(cardOf(page, toApprove.name)).toHaveCount(0);
    await expectCount(waiting, waitingBefore - 1);
    await expectCount(tab(page, 'Faol'), activeBefore + 1);

    // Rejecting asks for a reason first.
    await (await waitingCard(page, toReject.name)).getByRole('button', { name: 'Rad etish' }).click();
    const dialog = page.getByRole('dialog', { name: "E'lonni rad etish" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Rad etish' }).click();
    await expect(dialog.getByText("Maydonni to'ldiring")).toBeVisible();
    await dialog.getByRole('radio', { name: 'Boshqa sabab' }).check();
    await expect(dialog.getByLabel('Sababni yozing')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Rasmlar sifatsiz' }).check();
    await dialog.getByRole('button', { name: 'Rad etish' }).click();
    await expect(dialog).toBeHidden();
    await expect(cardOf(page, toReject.name)).toHaveCount(0);
    await expectCount(waiting, waitingBefore - 2);
    await expectCount(tab(page, 'Rad etilgan'), cancelledBefore + 1);

    // Nothing sticks out sideways on a phone.
    expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE_SCREEN.width);

    await tab(page, 'Rad etilgan').click();
    await expect(cardOf(page, toReject.name).getByText('Sabab: Rasmlar sifatsiz')).toBeVisible();
    await tab(page, 'Faol').click();
    const approved = cardOf(page, toApprove.name);
    await expect(approved.getByText('Muallif: Moderatsiya sotuvchi')).toBeVisible();
    await expect(approved.getByRole('button', { name: 'Tasdiqlash' })).toHaveCount(0);
  });

  test('lets an admin take an approval back within its few seconds: the card returns and nothing is sent, on a 360 px screen', async ({ admin: { page } }) => {
    const confirmations: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/phone/confirm') confirmations.push(request.postData() ?? '');
    });
    await waitingCard(page, toUndo.name);
    const waiting = tab(page, 'Tekshiruvda');
    const waitingBefore = await countOf(waiting);

    await cardOf(page, toUndo.name).getByRole('button', { name: 'Tasdiqlash' }).click();
    await expect(cardOf(page, toUndo.name)).toHaveCount(0);
    await expectCount(waiting, waitingBefore - 1);
    const notice = approvalNotice(page, toUndo.name);
    // The pointer on the notice holds its time, so it stays while its buttons are measured.
    await notice.hover();
    expect(await smallTouchTargets(page), 'the undo notice on a phone').toEqual([]);
    await notice.getByRole('button', { name: 'Bekor qilish' }).click();
    await expect(notice).toBeHidden();
    await expect(cardOf(page, toUndo.name).getByRole('button', { name: 'Tasdiqlash' })).toBeVisible();
    await expectCount(waiting, waitingBefore);

    // Past the time the approval would have gone: nothing went, no error showed, and the server still has it waiting.
    await page.waitForTimeout(LIMITS.approvalUndoMs + 1_000);
    expect(confirmations).toEqual([]);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.reload();
    await expect(cardOf(page, toUndo.name).getByRole('button', { name: 'Tasdiqlash' })).toBeVisible();
  });

  test('sends an approval left alone once its few seconds are up, even with the window in the background, on a desktop', async ({ admin: { page } }) => {
    await page.setViewportSize(DESKTOP);
    await waitingCard(page, toLapse.name);
    const sent = approvalSent(page);
    await cardOf(page, toLapse.name).getByRole('button', { name: 'Tasdiqlash' }).click();
    const pressed = Date.now();
    await expect(approvalNotice(page, toLapse.name)).toBeVisible();
    // The admin turns to another window (a pointer resting on the notice would hold its time).
    await page.mouse.move(0, DESKTOP.height - 1);
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    expect((await sent).ok()).toBe(true);
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(LIMITS.approvalUndoMs - 500);
    await expect(approvalNotice(page, toLapse.name)).toBeHidden();
    await tab(page, 'Faol').click();
    await expect(cardOf(page, toLapse.name)).toBeVisible();
  });

  test('sends an approval at once when the admin closes the page during its few seconds, on a 360 px screen', async ({ admin: { page } }) => {
    await (await waitingCard(page, toLeave.name)).getByRole('button', { name: 'Tasdiqlash' }).click();
    await expect(approvalNotice(page, toLeave.name)).toBeVisible();
    const again = await page.context().newPage();
    await page.close({ runBeforeUnload: true });

    await again.goto('/profile/allphones');
    await tab(again, 'Faol').click();
    await expect(cardOf(again, toLeave.name)).toBeVisible();
  });

  test("lists 'Faol' newest first, and posts an active tariff-1 listing to the one channel whose Post button is pressed", async ({ admin: { page } }) => {
    await page.goto('/profile/allphones?status=active');
    await expect(page.getByRole('article').first().getByRole('heading', { name: promoted.name, exact: true })).toBeVisible();
    const card = cardOf(page, promoted.name);
    const channels = card.getByRole('list', { name: 'Kanallar' });
    await expect(channels.getByText('Telegram: Joylanmagan')).toBeVisible();
    await expect(card.getByRole('button', { name: /ga joylash$/ })).toHaveCount(3);

    // 'Telegramga joylash' asks for Telegram only; the test stack configures no channel, so it is skipped.
    await card.getByRole('button', { name: 'Telegramga joylash' }).click();
    await expect(channels.getByText("Telegram: O'tkazib yuborildi: kanal sozlanmagan")).toBeVisible();
    await expect(channels.getByText('Instagram: Joylanmagan')).toBeVisible();
    await expect(channels.getByText('Facebook: Joylanmagan')).toBeVisible();
    // Skipped is not posted: the admin may try again once the channel is configured.
    await expect(card.getByRole('button', { name: /ga joylash$/ })).toHaveCount(3);

    await card.getByRole('button', { name: 'Facebookga joylash' }).click();
    await expect(channels.getByText("Facebook: O'tkazib yuborildi: kanal sozlanmagan")).toBeVisible();
    await expect(channels.getByText('Instagram: Joylanmagan')).toBeVisible();
  });

  test("shows the admin page's tabs as the seller's tabs look, every tab and its count in sight on a 360 px screen", async ({ admin: { page } }) => {
    const selectedTabLook = async () =>
      page
        .getByRole('tab', { selected: true })
        .evaluate((tab) => {
          const style = getComputedStyle(tab);
          return { radius: style.borderRadius, background: style.backgroundColor, color: style.color, border: style.borderBottomWidth, height: style.height };
        });
    await page.goto('/profile');
    await expect(page.getByRole('tab', { name: /^Faol \d+$/ })).toBeVisible();
    const sellers = await selectedTabLook();
    await page.goto('/profile/allphones');
    await expect(tab(page, 'Tekshiruvda')).toHaveAttribute('aria-selected', 'true');
    expect(await selectedTabLook()).toEqual(sellers);
    // As on the seller's page, no tab hides beyond the screen's edge.
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(5);
    for (const statusTab of await tabs.all()) {
      await expect(statusTab).toHaveText(/\d+\s*$/);
      const box = (await statusTab.boundingBox())!;
      expect(box.x, `${await statusTab.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${await statusTab.textContent()} ends on screen`).toBeLessThanOrEqual(PHONE_SCREEN.width);
    }
    // The decisions and the channels' Post buttons are for fingers too.
    await tab(page, 'Faol').click();
    await expect(cardOf(page, promoted.name)).toBeVisible();
    expect(await smallTouchTargets(page), 'the admin page on a phone').toEqual([]);
  });

  test("lines up the cards of 'Faol' side by side on a desktop: one top, one height", async ({ admin: { page } }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/profile/allphones?status=active');
    const cards = page.getByRole('tabpanel').getByRole('article');
    await expect(cards.nth(1)).toBeVisible();
    const [left, right] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(right.x).toBeGreaterThan(left.x + left.width);
    expect(right.y).toBe(left.y);
    expect(right.height).toBe(left.height);
  });

  test('shows the seller the approved listing under active, the rejected one under cancelled with the reason, and no admin controls', async ({ page }) => {
    await signInWithNewNumber(page, seller.phoneNumber);
    await expect(cardOf(page, toApprove.name)).toBeVisible();
    await expect(cardOf(page, toLapse.name)).toBeVisible();
    await page.getByRole('tab', { name: /^Tekshiruvda/ }).click();
    await expect(cardOf(page, toUndo.name)).toBeVisible();
    await page.getByRole('tab', { name: /^Rad etilgan/ }).click();
    await expect(cardOf(page, toReject.name).getByText('Rasmlar sifatsiz')).toBeVisible();

    // The sellers' bot card is in the settings: the test stack runs a bot (a fake Bot API), which a new seller has not linked yet.
    await page.goto('/profile/settings');
    const telegram = page.getByRole('region', { name: 'Telegram bot' });
    await expect(telegram.getByText('Ulanmagan')).toBeVisible();
    await expect(telegram.getByRole('button', { name: 'Telegramni ulash' })).toBeVisible();

    // The admin page shows a seller none of its controls.
    await page.goto('/profile/allphones');
    await expect(page.getByText('Bu sahifa faqat adminlar uchun')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Tasdiqlash' })).toHaveCount(0);
  });
});
