import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import type { SeededListing } from '../support/listings';
import { DESKTOP, layoutWidth, PHONE } from '../support/viewports';

test.describe('an admin opening a listing reads what the checks found and decides there (issue 35)', () => {
  test.use({ adminPhone: TEST_ADMIN_PHONES.trust, viewport: PHONE });
  const run = Date.now().toString(36);
  let scam: SeededListing;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`E2E ishonch ${run}`);
    const device = await listings.createDevice(brand, `Ishonch ${run}`);
    const seller = await listings.createSeller({ name: 'Ishonch sotuvchi' });
    scam = await listings.createListing({
      device,
      seller,
      name: `Karta bilan ${run}`,
      status: 'waiting',
      description: "Oldindan to'lov qiling, karta 8600 1234 5678 9012",
    });
  });

  for (const [screen, viewport] of [['a 360 px phone', PHONE], ['a desktop', DESKTOP]] as const) {
    test(`shows the moderation bar, not the seller's notice, with the card number marked, on ${screen}`, async ({ admin: { page } }) => {
      await page.setViewportSize(viewport);
      await page.goto(`/phone/${scam.id}`);
      await expect(page.getByRole('heading', { name: scam.name, level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Tasdiqlash' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Rad etish' })).toBeVisible();
      await expect(page.getByText("Sizning e'loningiz")).toHaveCount(0);
      await expect(page.locator('mark').filter({ hasText: '8600 1234 5678 9012' })).toBeVisible();
      await expect(page.locator('mark').filter({ hasText: "Oldindan to'lov" })).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);
    });
  }
});
