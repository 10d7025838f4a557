import type { Locator, Page } from '@playwright/test';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import type { SeededBrand, SeededSeller } from '../support/listings';
import { approvalNotice, waitingCard } from '../support/moderation';
import { onEachScreen } from '../support/screens';
import { postUsedPhone } from '../support/wizard';

/*
 * The three journeys of issue 36's "done when", each walked whole as its person walks it, phone
 * first, then desktop: a first-time buyer (search, open, look through the photos, call), a seller
 * (post with photos, change the price, still on sale) and a moderator (read a listing in the
 * queue, approve, take it back). The steps' details are tested in their own files.
 */

/** '+998 97 123 45 67', as a revealed number is shown. */
function spaced(phoneNumber: string): string {
  return `+998 ${phoneNumber.slice(3, 5)} ${phoneNumber.slice(5, 8)} ${phoneNumber.slice(8, 10)} ${phoneNumber.slice(10)}`;
}

/** The card of a listing on the page (the listing card is an <article>). */
function cardOf(page: Page, name: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test.describe('the journeys of a first-time buyer, seller and moderator (issue 36)', () => {
  test.use({ adminPhone: TEST_ADMIN_PHONES.journeys });
  const tag = Date.now().toString(36);
  let brand: SeededBrand;
  let seller: SeededSeller;

  test.beforeAll(async ({ listings }) => {
    brand = await listings.createBrand(`Sayohat ${tag}`);
    seller = await listings.createSeller({ name: 'Bekzod', phoneNumber: `99895${String(Date.now()).slice(-7)}` });
  });

  onEachScreen((_viewport, screen) => {
    // What each screen makes is its own: the two runs of a journey share nothing.
    const mark = `${tag}${screen[0]}`;

    test('a first-time buyer searches from the home page, opens a result, looks through its photos and calls the seller', async ({ page, listings }) => {
      const device = await listings.createDevice(brand, `Sayohat ${mark} 13`);
      const listing = await listings.createListing({ device, seller, name: `Sayohat ${mark} 13 8/256`, photos: 3, photoCopies: true });

      await page.goto('/');
      await page.getByRole('searchbox').fill(`sayohat ${mark}`);
      await page.getByRole('searchbox').press('Enter');
      const result = page.locator('#listings').getByRole('article');
      await expect(result).toHaveCount(1);
      await result.getByRole('heading', { name: listing.name }).click();
      await expect(page).toHaveURL(`/phone/${listing.id}`);
      await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();

      await page.getByRole('img', { name: `${listing.name}, 1-rasm (3 tadan)` }).click();
      const photos = page.getByRole('dialog', { name: `${listing.name}: rasmlar` });
      await expect(photos.getByText('1 / 3')).toBeVisible();
      for (const count of ['2 / 3', '3 / 3']) {
        await photos.getByRole('button', { name: 'Keyingi rasm' }).click();
        await expect(photos.getByText(count)).toBeVisible();
      }
      await photos.getByRole('button', { name: 'Yopish' }).click();
      await expect(photos).toBeHidden();

      // A phone calls from the bar at the bottom of the screen, a desktop from the seller's panel.
      const contact = page.getByRole('region', { name: screen === 'phone' ? "Sotuvchi bilan bog'lanish" : 'Sotuvchi', exact: true });
      await contact.getByRole('button', { name: "Qo'ng'iroq qilish" }).click();
      const call = contact.getByRole('link', { name: new RegExp(`^\\${spaced(seller.phoneNumber)}`) });
      await expect(call).toHaveAttribute('href', `tel:+${seller.phoneNumber}`);
      await expect(call).toBeInViewport({ ratio: 1 });
    });

    test('a seller posts with photos through the wizard, changes the price, and the listing stays on sale', async ({ seller: { page }, listings }) => {
      const device = await listings.createDevice(brand, `Sotaman ${mark}`);
      const id = await postUsedPhone(page, device, { photos: 3 });
      // The moderator's part is the journey below.
      await listings.approve(id);

      await page.goto('/profile');
      await page.getByRole('group', { name: `${device.name}: amallar` }).getByRole('link', { name: 'Tahrirlash' }).click();
      const steps = page.getByRole('navigation', { name: "Nimani o'zgartirasiz?" });
      await steps.getByRole('button', { name: 'Narx' }).click();
      await page.getByLabel('Narxi', { exact: true }).fill('2 700 000');
      await steps.getByRole('button', { name: 'Tarif' }).click();
      await page.getByRole('region', { name: 'Tarifni tanlang' }).getByRole('button', { name: 'Saqlash' }).click();
      await expect(page.getByRole('heading', { name: "O'zgarishlar saqlandi, e'lon sotuvda qoldi" })).toBeVisible();
      await page.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('tab', { name: /^Faol/ })).toHaveAttribute('aria-selected', 'true');
      await expect(cardOf(page, device.name)).toHaveText(/2\s700\s000/);

      // Buyers find it at the new price, with its photos.
      await page.goto(`/?page=1&name=${encodeURIComponent(device.name)}`);
      const onSale = cardOf(page, device.name);
      await expect(onSale).toHaveText(/2\s700\s000/);
      await onSale.getByRole('heading', { name: device.name }).click();
      await expect(page.getByRole('img', { name: `${device.name}, 3-rasm (3 tadan)` })).toBeAttached();
    });

    test('a moderator reads a waiting listing in the queue, approves it, and takes the approval back', async ({ admin: { page }, listings }) => {
      const description = 'Ekrani almashtirilmagan, batareya 91 %, qutisi va cheki bor.';
      const waiting = await listings.createListing({
        device: await listings.createDevice(brand, `Navbat ${mark}`),
        seller,
        status: 'waiting',
        price: 2_400_000,
        authorName: 'Bekzod',
        description,
        photos: 2,
      });

      const card = await waitingCard(page, waiting.name);
      // What there is to read before deciding: the photo, the price, the seller and their record, the description.
      const photo = card.getByRole('img', { name: `${waiting.name} rasmi` });
      // A card further down the page loads its photo as it comes into view.
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await expect(card).toHaveText(/2\s400\s000/);
      await expect(card.getByText('Muallif: Bekzod')).toBeVisible();
      await expect(card.getByText(/^Sotuvchi .+ dan beri: \d+ ta e'lon/)).toBeVisible();
      await expect(card.getByText(description)).toBeVisible();

      await card.getByRole('button', { name: 'Tasdiqlash' }).click();
      await expect(card).toHaveCount(0);
      const notice = approvalNotice(page, waiting.name);
      await notice.getByRole('button', { name: 'Bekor qilish' }).click();
      await expect(notice).toBeHidden();
      await expect(card.getByRole('button', { name: 'Tasdiqlash' })).toBeVisible();
      // Taken back before it was sent: the server still has it waiting.
      await page.reload();
      await expect(card.getByRole('button', { name: 'Tasdiqlash' })).toBeVisible();
    });
  });
});
