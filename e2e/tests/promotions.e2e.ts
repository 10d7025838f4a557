import type { Locator, Page } from '@playwright/test';
import { PROMOTION_DEFAULT_PRICES } from '../../contracts/src/promotions';
import { SANDBOX_OTP, SANDBOX_TEST_CARDS } from '../../contracts/src/payments';
import { expect, test, type SignedIn } from '../support/fixtures';
import type { E2eListings, SeededBrand, SeededListing } from '../support/listings';
import { DESKTOP, layoutWidth, PHONE } from '../support/viewports';

const TEST_CARD = SANDBOX_TEST_CARDS.find((card) => card.outcome === 'success')!;

/**
 * A brand of its own with three newer listings of another seller, and one older listing of the
 * signed-in seller: organically last in its brand, first once it is in TOP.
 */
async function brandWithOwnListing(listings: E2eListings, seller: SignedIn, tag: string): Promise<{ brand: SeededBrand; own: SeededListing }> {
  const brand = await listings.createBrand(`Promobrand ${tag} ${Date.now().toString(36)}`);
  const device = await listings.createDevice(brand, `${brand.name} X1`);
  const other = await listings.createSeller();
  for (let index = 0; index < 3; index++) await listings.createListing({ device, seller: other, name: `${brand.name} newer ${index}` });
  const own = await listings.createListing({
    device,
    seller: await listings.sellerOf(seller.phoneNumber),
    name: `${brand.name} mine`,
    createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000),
  });
  return { brand, own };
}

/** The payment picker as the payments tests drive it: Uzcard/Humo, the sandbox test card, the code. */
async function payByCard(page: Page, expectedAmount: string): Promise<void> {
  // Opened over the listing's page or over the promotions dialog: the innermost dialog.
  const dialog = page.getByRole('dialog').last();
  await expect(dialog.getByRole('heading', { name: "To'lov usulini tanlang" })).toBeVisible();
  await dialog.getByRole('button', { name: /^Uzcard \/ Humo/ }).click();
  await dialog.getByLabel('Karta raqami').pressSequentially(TEST_CARD.number.replace(/\D/g, ''));
  await dialog.getByLabel('Amal qilish muddati').pressSequentially(TEST_CARD.expiry.replace(/\D/g, ''));
  // The picker proposes what the purchase lacks.
  await expect(dialog.getByLabel("Summa (so'm)")).toHaveValue(expectedAmount);
  await dialog.getByRole('button', { name: 'Kod olish' }).click();
  await dialog.getByLabel('SMS kod').fill(SANDBOX_OTP);
  await dialog.getByRole('button', { name: 'Tasdiqlash' }).click();
  await expect(dialog.getByText("To'lov muvaffaqiyatli amalga oshirildi")).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

/** Buys TOP 3 kun in `panel`: the balance is short, so the picker opens for the difference first. */
async function buyTopWithTopUp(page: Page, panel: Locator): Promise<void> {
  const top = panel.getByRole('button', { name: /^TOP 3 kun/ });
  await top.click();
  await payByCard(page, String(PROMOTION_DEFAULT_PRICES.top3).replace(/\B(?=(\d{3})+$)/g, ' '));
  await top.click();
  await expect(page.getByText('TOP 3 kun sotib olindi')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'TOP 3 kun · faol' })).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} gacha/);
}

/** The brand's feed as a visitor sees it: the seller's listing first, marked TOP. */
async function expectFirstInBrand(page: Page, brand: SeededBrand, own: SeededListing): Promise<void> {
  await page.goto(`/?page=1&brand=${brand.id}`);
  const first = page.getByRole('article').first();
  await expect(first.getByRole('heading', { name: own.name })).toBeVisible();
  await expect(first.getByText('TOP', { exact: true })).toBeVisible();
  await expect(page.getByRole('article').nth(1).getByText('TOP', { exact: true })).toHaveCount(0);
}

test.describe('promotion', () => {
  test.describe('on a 360 px phone', () => {
    test.use({ viewport: PHONE });

    test("tops up for the difference, buys TOP on the listing's page and sees it first in its brand with the TOP mark", async ({ seller, listings }) => {
      const { page } = seller;
      const { brand, own } = await brandWithOwnListing(listings, seller, 'phone');
      await page.goto(`/phone/${own.id}`);
      const panel = page.getByRole('region', { name: 'Reklama' });
      await expect(panel.getByRole('button', { name: /^Ko'tarish/ })).toBeVisible();
      await buyTopWithTopUp(page, panel);
      expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await expectFirstInBrand(page, brand, own);
      expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test('buys TOP from "Mening e\'lonlarim" and sees it first in its brand with the TOP mark', async ({ seller, listings }) => {
      const { page } = seller;
      const { brand, own } = await brandWithOwnListing(listings, seller, 'desktop');
      await page.goto('/profile');
      const card = page.getByRole('article').filter({ hasText: own.name });
      await card.getByRole('button', { name: 'Reklama qilish' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reklama' });
      await buyTopWithTopUp(page, dialog);
      await dialog.getByRole('button', { name: 'Yopish' }).click();
      await expectFirstInBrand(page, brand, own);
    });
  });
});
