import { expect, test } from '../support/fixtures';
import type { SeededDevice } from '../support/listings';
import { onEachScreen } from '../support/screens';

/*
 * Issue 36, item 9: a tariff offers only the channels this site has set up (the test stack sets up
 * none: no channel id, page or account).
 */

const run = Date.now().toString(36);
let device: SeededDevice;

test.beforeAll(async ({ listings }) => {
  device = await listings.createDevice(await listings.createBrand(`E2E tarif ${run}`), `Tarif ${run}`);
});

onEachScreen((_viewport, screen) => {
  test('the tariff step promises no channel the site has not set up: both tariffs say website only', async ({ seller, listings }) => {
    const { page } = seller;
    const own = await listings.createListing({ device, seller: await listings.userByPhone(seller.phoneNumber), name: `Tarifli ${screen} ${run}`, tarif: 1 });
    await page.goto(`/profile/phone/edit/${own.id}`);
    await page.getByRole('navigation', { name: "Nimani o'zgartirasiz?" }).getByRole('button', { name: 'Tarif' }).click();
    const tariffs = page.getByRole('region', { name: 'Tarifni tanlang' });
    await expect(tariffs.getByRole('radio', { name: /Super 4x/ })).toBeVisible();
    await expect(tariffs.getByText('Faqat saytda', { exact: true })).toHaveCount(2);
    await expect(tariffs).not.toContainText(/Facebook|Instagram|Telegram/);
  });
});
