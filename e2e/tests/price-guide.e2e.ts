import { expect, test } from '../support/fixtures';
import { PHONE } from '../support/viewports';

test.describe('the price guide and marking a listing sold (issue 22)', () => {
  test.use({ viewport: PHONE });

  test("shows a buyer where a price sits among similar phones, and lets the seller mark it sold", async ({ seller: { page, phoneNumber }, listings }) => {
    const run = Date.now().toString(36);
    const brand = await listings.createBrand(`E2E narx ${run}`);
    const device = await listings.createDevice(brand, `Narx ${run}`);
    const others = await listings.createSeller();
    for (const price of [3_000_000, 3_200_000, 3_400_000, 3_600_000, 3_800_000]) {
      await listings.createListing({ device, seller: others, price, storage: '128GB', condition: false, photos: 0 });
    }
    const seller = await listings.sellerOf(phoneNumber);
    const cheap = await listings.createListing({ device, seller, name: `Arzon ${run}`, price: 1_200_000, storage: '128GB', condition: false, photos: 0 });

    await page.goto(`/phone/${cheap.id}`);
    // Six comparable phones: the middle half is 3 050 000 to 3 550 000.
    await expect(page.getByText(/^O'xshash telefonlar: 3\s050\s000 - 3\s550\s000\sso'm/)).toBeVisible();
    await expect(page.getByText("Bu narx o'xshash telefonlarnikidan past: oldindan to'lov so'ralsa, ehtiyot bo'ling")).toBeVisible();

    // Taken off sale first: the card leaves 'Faol' at once, and the answer still shows.
    await page.goto('/profile');
    const actions = page.getByRole('group', { name: `Arzon ${run}: amallar` });
    await actions.getByRole('button', { name: 'Sotuvdan olish' }).click();
    await expect(page.getByText("E'lon sotuvdan olindi")).toBeVisible();
    await expect(actions).toBeHidden();
    await page.getByRole('tab', { name: /Sotuvda emas/ }).click();

    await actions.getByRole('button', { name: 'Sotildi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Telefon sotildimi?' });
    await dialog.getByLabel(/^Sotilgan narxi/).fill('1100000');
    await dialog.getByRole('button', { name: 'Sotildi deb belgilash' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("E'lon sotilgan deb belgilandi va sotuvdan olindi")).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Sotuvga qaytarish' })).toBeVisible();
  });
});
