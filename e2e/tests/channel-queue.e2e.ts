import type { Page } from '@playwright/test';
import { signInWithNewNumber } from '../support/accounts';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import type { SeededListing, SeededSeller } from '../support/listings';
import { smallTouchTargets } from '../support/touch-targets';
import { DESKTOP, PHONE } from '../support/viewports';

/** Tashkent keeps UTC+5: when the page says a queued post is due, 'HH:mm' today, else 'DD.MM.YYYY HH:mm'. */
function tashkentTime(iso: string): string {
  const [date, time] = new Date(Date.parse(iso) + 5 * 3_600_000).toISOString().slice(0, 16).split('T');
  const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
  return date === today ? time : `${date.split('-').reverse().join('.')} ${time}`;
}

test.describe('the channels\' line, for admins and for the seller', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ adminPhone: TEST_ADMIN_PHONES.channels, viewport: PHONE });
  const run = Date.now().toString(36);
  // Due in two hours: later today in Tashkent, or tomorrow within two hours of its midnight (then with the date).
  const eta = new Date(Date.now() + 2 * 3_600_000).toISOString();
  let seller: SeededSeller;
  let listing: SeededListing;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`E2E kanallar ${run}`);
    const device = await listings.createDevice(brand, `Kanal ${run}`);
    seller = await listings.createSeller({ name: 'Kanal sotuvchi' });
    listing = await listings.createListing({
      device,
      seller,
      name: `Kanalli ${run}`,
      tarif: 1,
      posts: {
        telegram: { posted: true, link: 'https://t.me/telefonbozor/5', state: 'posted', reason: null },
        instagram: { posted: false, link: null, state: 'queued', reason: null, eta },
        facebook: { posted: false, link: null, state: 'failed', reason: 'Graph API 400 (190): Invalid OAuth access token' },
      },
    });
  });

  async function expectLine(page: Page) {
    await page.goto('/profile/allphones');
    const line = page.getByRole('region', { name: 'Kanallar navbati' });
    const instagram = line.getByRole('listitem', { name: 'Instagram', exact: true });
    await expect(instagram.getByText(/^Navbatda: [1-9]\d*$/)).toBeVisible();
    await expect(instagram.getByText(/^Keyingisi taxminan /)).toBeVisible();
    const facebook = line.getByRole('listitem', { name: 'Facebook', exact: true });
    const failure = facebook.getByRole('listitem').filter({ hasText: listing.name });
    await expect(failure.getByText('Xato: Graph API 400 (190): Invalid OAuth access token')).toBeVisible();
    return failure;
  }

  test('shows an admin on a phone each channel\'s waiting posts, the next one\'s time and a failure with its reason', async ({ admin: { page } }) => {
    await expectLine(page);
  });

  test('shows the seller each channel on the listing: posted with the link, waiting with its time, failed', async ({ page }) => {
    await signInWithNewNumber(page, seller.phoneNumber);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: listing.name, exact: true }) });
    const channels = card.getByRole('list', { name: 'Kanallar' });
    await expect(channels.getByRole('link', { name: 'joylandi' })).toHaveAttribute('href', 'https://t.me/telefonbozor/5');
    await expect(channels.getByText(`Instagram: navbatda, taxminan ${tashkentTime(eta)}`)).toBeVisible();
    // The reason stays with admins.
    await expect(channels.getByText('Facebook: joylanmadi')).toBeVisible();
    await expect(card.getByText('Invalid OAuth')).toHaveCount(0);
    // The post's link is a finger's target too.
    expect(await smallTouchTargets(page)).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await expect(channels.getByText(`Instagram: navbatda, taxminan ${tashkentTime(eta)}`)).toBeVisible();
  });

  test('retries a failed post from the line on a desktop: the failure leaves it', async ({ admin: { page } }) => {
    await page.setViewportSize(DESKTOP);
    const failure = await expectLine(page);
    await failure.getByRole('button', { name: 'Qayta urinish' }).click();
    // The listing is queued again on every channel not posted (the test stack has no Graph token: it ends skipped, not failed).
    await expect(failure).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Kanallar navbati' }).getByText(listing.name)).toHaveCount(0);
  });
});
