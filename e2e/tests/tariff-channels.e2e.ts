import { expect, test } from '../support/fixtures';
import type { SeededDevice } from '../support/listings';
import { onEachScreen } from '../support/screens';

/*
 * Issue 36, item 9: a tariff offers only the channels this site has set up (the test stack sets up
 * none: no channel id, page or account), and a channel skipped for a listing is shown to its seller
 * with the reason, on the listing's page and under 'Mening e'lonlarim'.
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

  test("shows the seller each channel skipped for their listing with why, on its page and in 'Mening e'lonlarim'", async ({ seller, listings }) => {
    const { page } = seller;
    const name = `Kanalsiz ${screen} ${run}`;
    const own = await listings.createListing({
      device,
      seller: await listings.userByPhone(seller.phoneNumber),
      name,
      tarif: 1,
      // As the workers leave them: Telegram not set up, Instagram given up after its refusals, Facebook to be tried again.
      posts: {
        telegram: { posted: false, link: null, state: 'skipped', reason: 'not configured', skipped: 'notConfigured' },
        instagram: { posted: false, link: null, state: 'failed', reason: 'Graph API 400 (9004): Only photo or video can be accepted', skipped: 'gaveUp' },
        facebook: { posted: false, link: null, state: 'failed', reason: 'Graph API 500: Internal error' },
      },
    });

    const expectReasons = async (channels: ReturnType<typeof page.getByRole>) => {
      await expect(channels.getByRole('listitem')).toHaveText([
        "Telegram: o'tkazib yuborildi (kanal hali ulanmagan)",
        "Instagram: o'tkazib yuborildi (kanal bir necha urinishdan keyin ham qabul qilmadi)",
        'Facebook: joylanmadi',
      ]);
      // The platform's own words stay with admins.
      await expect(channels).not.toContainText('Graph API');
    };

    await page.goto(`/phone/${own.id}`);
    await expectReasons(page.getByRole('status', { name: "Sizning e'loningiz" }).getByRole('list', { name: 'Kanallar' }));

    await page.goto('/profile');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expectReasons(card.getByRole('list', { name: 'Kanallar' }));
  });
});
