import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import type { SeededDevice } from '../support/listings';
import { approve } from '../support/moderation';
import { onEachScreen } from '../support/screens';
import { layoutWidth } from '../support/viewports';

/** The bell's count arrives through the live connection; asking the API again every 30 s is only for when it is down. */
const WELL_UNDER_THE_POLL_MS = 5_000;

test.describe("the inbox's bell, pushed as things happen", () => {
  test.use({ adminPhone: TEST_ADMIN_PHONES.inbox });
  const tag = Date.now().toString(36);
  let device: SeededDevice;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`Bellbrand ${tag}`);
    device = await listings.createDevice(brand, `Bellphone ${tag}`);
  });

  onEachScreen((viewport, screen) => {
    test('a seller with the page open sees the bell count the approval of their listing within seconds, without reloading', async ({ seller, admin, listings }) => {
      const name = `Bellphone ${tag} ${screen}`;
      const listing = await listings.createListing({ device, seller: await listings.sellerOf(seller.phoneNumber), name, status: 'waiting' });
      const page = seller.page;
      await page.goto('/profile');
      await expect(page.getByRole('link', { name: 'Bildirishnomalar', exact: true })).toBeVisible();

      // A moderator approves it from the listing's page, in another browser.
      await admin.page.goto(`/phone/${listing.id}`);
      expect((await approve(admin.page.getByRole('group', { name: `${name}: admin amallari` }), name)).ok()).toBe(true);
      const approvedAt = Date.now();

      const bell = page.getByRole('link', { name: "Bildirishnomalar: 1 ta o'qilmagan" });
      await expect(bell).toBeVisible({ timeout: WELL_UNDER_THE_POLL_MS });
      expect(Date.now() - approvedAt).toBeLessThan(WELL_UNDER_THE_POLL_MS);
      await expect(page.getByTestId('notifications-unread')).toHaveText('1');

      await bell.click();
      await expect(page.getByText(`E'loningiz tasdiqlandi: ${name}`)).toBeVisible();
      // Opening the inbox reads it: the bell clears.
      await expect(page.getByRole('link', { name: 'Bildirishnomalar', exact: true })).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);
    });
  });
});
