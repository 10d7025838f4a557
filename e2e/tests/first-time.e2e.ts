import type { Locator, Page } from '@playwright/test';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import { layoutProblems } from '../support/layout';
import { doubleTapToZoom } from '../support/photo-viewer';
import type { SeededDevice, SeededListing, SeededSeller } from '../support/listings';
import { onEachScreen } from '../support/screens';
import { DESKTOP, PHONE } from '../support/viewports';
import { postUsedPhone } from '../support/wizard';

/*
 * What a first-time buyer, seller and moderator notice (issue 36): a call in one tap, the seller's
 * own listing, a photo viewer, an empty search that says what it searched, a 360 px layout without
 * overlaps or clipping, and the moderators' desktop. Phone first, then desktop.
 */

const MODERATORS_DESKTOP = { width: 1366, height: 768 };

function contactBar(page: Page): Locator {
  return page.getByRole('region', { name: "Sotuvchi bilan bog'lanish" });
}

/** The home page's row of brands, once loaded. */
function brands(page: Page): Locator {
  return page.getByRole('region', { name: 'Brendlar' }).getByRole('listitem');
}

function viewer(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name: `${name}: rasmlar` });
}

/** The photo the viewer shows once it has loaded ('' while it loads). */
function viewerPhotoSource(page: Page, name: string): Promise<string> {
  return viewer(page, name)
    .locator('[aria-current="true"] img')
    .evaluate((image: HTMLImageElement) => (image.complete && image.naturalWidth > 0 ? image.currentSrc : ''));
}

/** '+998 97 123 45 67', as the number is shown once revealed. */
function spaced(phoneNumber: string): string {
  return `+998 ${phoneNumber.slice(3, 5)} ${phoneNumber.slice(5, 8)} ${phoneNumber.slice(8, 10)} ${phoneNumber.slice(10)}`;
}

test.describe('a first-time visitor (issue 36)', () => {
  const tag = Date.now().toString(36);
  let seller: SeededSeller;
  let device: SeededDevice;
  let listing: SeededListing;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`Birinchi ${tag}`);
    device = await listings.createDevice(brand, `Birinchi ${tag}`);
    seller = await listings.createSeller({ name: 'Dilshod', phoneNumber: `99897${String(Date.now()).slice(-7)}`, telegramUsername: 'dilshod_sotadi' });
    listing = await listings.createListing({
      device,
      seller,
      name: `Birinchi ${tag} 8/256`,
      region: 'qashqadaryo',
      telegramUsername: 'dilshod_sotadi',
      photos: 3,
      photoCopies: true,
    });
  });

  onEachScreen((_viewport, screen) => {
    test("shows the number where the finger is after the first 'Qo'ng'iroq qilish', as a link that calls it", async ({ page }) => {
      await page.goto(`/phone/${listing.id}`);
      // A phone's is the bar at the bottom of the screen; a desktop's the seller's panel beside the photos.
      const contact = screen === 'phone' ? contactBar(page) : page.getByRole('region', { name: 'Sotuvchi', exact: true });
      await contact.getByRole('button', { name: "Qo'ng'iroq qilish" }).click();
      const call = contact.getByRole('link', { name: new RegExp(`^\\${spaced(seller.phoneNumber)}`) });
      await expect(call).toHaveAttribute('href', `tel:+${seller.phoneNumber}`);
      await expect(call).toContainText(spaced(seller.phoneNumber));
      await expect(call).toBeInViewport({ ratio: 1 });
      await expect(contact.getByRole('link', { name: screen === 'phone' ? 'Telegram' : '@dilshod_sotadi' })).toHaveAttribute('href', 'https://t.me/dilshod_sotadi');
      expect(await layoutProblems(page), 'the number revealed').toEqual([]);
    });

    test('finds a series under its brand: the brand row shows the brand, its list has both, and a series can be picked within it', async ({ page, listings }) => {
      // Brand names are unique: each screen makes its own.
      const mark = `${tag}${screen[0]}`;
      const maker = await listings.createBrand(`Ishlab ${mark}`);
      const series = await listings.createBrand(`Seriya ${mark}`, maker);
      await listings.createListing({ device: await listings.createDevice(maker, `Ishlab ${mark} 14`), seller });
      await listings.createListing({ device: await listings.createDevice(series, `Seriya ${mark} Note 14`), seller });
      await page.goto('/');
      const row = page.getByRole('region', { name: 'Brendlar' });
      await expect(row.getByRole('link', { name: new RegExp(`^I?Ishlab ${mark}`) })).toBeVisible();
      await expect(row.getByRole('link', { name: new RegExp(`Seriya ${mark}`) })).toHaveCount(0);
      // The brand's card counts its series' listings too.
      await expect(row.getByRole('link', { name: new RegExp(`Ishlab ${mark}`) })).toContainText("2 ta e'lon");
      await row.getByRole('link', { name: new RegExp(`Ishlab ${mark}`) }).click();
      const cards = page.locator('#listings').getByRole('article');
      await expect(cards).toHaveCount(2);
      const seriesChoice = page.getByRole('list', { name: `Ishlab ${mark} seriyalari` });
      await seriesChoice.getByRole('link', { name: `Seriya ${mark}` }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('brand') === series.id);
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(`Seriya ${mark} Note 14`);
      await seriesChoice.getByRole('link', { name: `Barcha Ishlab ${mark}` }).click();
      await expect(cards).toHaveCount(2);
      expect(await layoutProblems(page), 'the brand and its series').toEqual([]);

      // By name in the address, as people type it, and in the filters' brand choice.
      await page.goto(`/?page=1&brand=${encodeURIComponent(`ishlab ${mark}`)}`);
      await expect(cards).toHaveCount(2);
      await page.getByRole('button', { name: /^Filtrlar( \(\d+\))?$/ }).click();
      await page.getByRole('dialog', { name: 'Filtrlar' }).getByLabel('Brend').selectOption({ label: `Ishlab ${mark} › Seriya ${mark}` });
      await expect(page).toHaveURL((url) => url.searchParams.get('brand') === series.id);
      await expect(cards).toHaveCount(1);
    });

    test("says what an empty search looked for, keeps 'mavjud emas', and offers to clear the filters", async ({ page }) => {
      await page.goto(`/?page=1&name=qqxxzz${tag}&region=buxoro`);
      await expect(page.getByRole('status').filter({ hasText: `«qqxxzz${tag}» bo'yicha tanlangan filtrlar bilan e'lon mavjud emas` })).toBeVisible();
      await page.getByRole('button', { name: 'Filtrlarni tozalash' }).click();
      await expect(page).toHaveURL((url) => url.search === '?page=1');
      await expect(page.locator('#listings').getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('searchbox')).toHaveValue('');

      await page.goto('/?page=1&region=buxoro&minPrice=999999999999');
      await expect(page.getByText("Tanlangan filtrlar bo'yicha e'lon mavjud emas")).toBeVisible();
      await expect(brands(page).first()).toBeVisible();
      expect(await layoutProblems(page), 'the empty search').toEqual([]);
    });

    test("the wizard's every step, from the model to the success screen, without overflow, overlaps, clipping or broken words", async ({ seller: owner, listings }) => {
      const { page } = owner;
      // A model with its specs: no refresh, whose notice would slide over the steps as they are measured.
      const specified = await listings.createDevice(device.brand, `Birinchi ${tag} Plus ${screen}`, [{ name: 'Display size', value: '6.7"' }]);
      await postUsedPhone(page, specified, { photos: 3, atEachStep: async (step) => expect.soft(await layoutProblems(page), step).toEqual([]) });
    });
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: PHONE });

    test('opens a photo full screen with a tap: the count, swipes and arrows between photos, a double tap zooms into the large copy, back closes it', async ({ page }) => {
      await page.goto(`/phone/${listing.id}`);
      await page.getByRole('img', { name: `${listing.name}, 1-rasm (3 tadan)` }).click();
      const shown = viewer(page, listing.name);
      await expect(shown).toBeVisible();
      const box = (await shown.boundingBox())!;
      expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
      await expect(shown.getByText('1 / 3')).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(shown.getByText('2 / 3')).toBeVisible();
      await shown.getByRole('button', { name: 'Keyingi rasm' }).click();
      await expect(shown.getByText('3 / 3')).toBeVisible();
      // A phone saw the 800 px copy; zoomed in, the 1600 px photo.
      await expect.poll(() => viewerPhotoSource(page, listing.name)).toMatch(/-800\.png$/);
      await doubleTapToZoom(shown);
      await expect.poll(() => viewerPhotoSource(page, listing.name)).toMatch(/-1600\.png$/);

      // The back button closes the viewer and stays on the listing.
      await page.goBack();
      await expect(shown).toBeHidden();
      await expect(page).toHaveURL(`/phone/${listing.id}`);
      await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
    });

    test("keeps the photo it showed when the large copy cannot be fetched (offline, never seen)", async ({ page, consoleErrors }) => {
      consoleErrors.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
      let refused!: () => void;
      const largeAsked = new Promise<void>((resolve) => (refused = resolve));
      await page.route(/-1600\.png$/, async (route) => {
        await route.abort('internetdisconnected');
        refused();
      });
      await page.goto(`/phone/${listing.id}`);
      await page.getByRole('img', { name: `${listing.name}, 1-rasm (3 tadan)` }).click();
      await expect.poll(() => viewerPhotoSource(page, listing.name)).toMatch(/-800\.png$/);
      await doubleTapToZoom(viewer(page, listing.name));
      await largeAsked;
      // The zoomed slide asked for the large copy, failed, and shows the 800 px one again (not the placeholder).
      await expect.poll(() => viewerPhotoSource(page, listing.name)).toMatch(/-800\.png$/);
    });

    test.describe('with a finger', () => {
      test.use({ hasTouch: true });

      test('swipes between photos in the viewer', async ({ page, context }) => {
        await page.goto(`/phone/${listing.id}`);
        await page.getByRole('img', { name: `${listing.name}, 1-rasm (3 tadan)` }).tap();
        const shown = viewer(page, listing.name);
        await expect(shown.getByText('1 / 3')).toBeVisible();
        const touch = await context.newCDPSession(page);
        const middle = PHONE.height / 2;
        await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 300, y: middle }] });
        for (let step = 1; step <= 10; step++) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 300 - step * 25, y: middle }] });
        await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await expect(shown.getByText('2 / 3')).toBeVisible();
        await shown.getByRole('button', { name: 'Yopish' }).tap();
        await expect(shown).toBeHidden();
      });
    });

    test('lays out the home page, the filters, the listing page and the wizard without overflow, overlaps, clipping or broken words', async ({ page, listings }) => {
      // A long name beside the heart, and the longest region names.
      await listings.createListing({ device, seller, name: `Birinchi ${tag} Pro Max Ultra 16/1024 Titanium Black`, region: 'qoraqalpogiston' });
      await listings.createListing({ device, seller, name: `Birinchi ${tag} 12/512`, region: 'surxondaryo' });
      await page.goto(`/?page=1&name=${encodeURIComponent(`Birinchi ${tag}`)}`);
      await expect(page.locator('#listings').getByRole('article')).toHaveCount(3);
      await expect(brands(page).first()).toBeVisible();
      expect.soft(await layoutProblems(page), 'the home page').toEqual([]);
      await page.getByRole('button', { name: /^Filtrlar/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filtrlar' })).toBeVisible();
      expect.soft(await layoutProblems(page), 'the filters').toEqual([]);
      await page.goto(`/phone/${listing.id}`);
      await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
      expect.soft(await layoutProblems(page), 'the listing page').toEqual([]);
    });

    test("shows its seller their own listing's views, favourites and channels instead of call and Telegram buttons", async ({ seller: owner, listings }) => {
      const { page } = owner;
      const user = await listings.userByPhone(owner.phoneNumber);
      const own = await listings.createListing({
        device,
        seller: user,
        tarif: 1,
        telegramUsername: 'meniki',
        posts: { telegram: { posted: true, link: 'https://t.me/c/1/2', state: 'posted' }, instagram: { posted: false, link: null, state: 'failed', reason: 'x' } },
      });
      await page.goto(`/phone/${own.id}`);
      const notice = page.getByRole('status', { name: "Sizning e'loningiz" });
      await expect(notice).toContainText("Ko'rishlar:");
      await expect(notice).toContainText('Saralaganlar: 0');
      await expect(notice.getByRole('list', { name: 'Kanallar' })).toContainText('Telegram: joylandi');
      await expect(notice.getByRole('list', { name: 'Kanallar' })).toContainText('Instagram: joylanmadi');
      await expect(contactBar(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: "Qo'ng'iroq qilish" })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Telegram' })).toHaveCount(0);
      await expect(page.getByText('xxx-xx-xxx-xx-xx')).toHaveCount(0);
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test('opens a photo full screen with a click: arrow keys, the wheel zooms, Escape closes and focus comes back', async ({ page }) => {
      await page.goto(`/phone/${listing.id}`);
      await page.getByRole('img', { name: `${listing.name}, 1-rasm (3 tadan)` }).click();
      const shown = viewer(page, listing.name);
      await expect(shown.getByText('1 / 3')).toBeVisible();
      expect(await shown.boundingBox()).toMatchObject({ x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height });
      await page.keyboard.press('ArrowRight');
      await expect(shown.getByText('2 / 3')).toBeVisible();
      await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
      await page.mouse.wheel(0, -300);
      await expect.poll(() => viewerPhotoSource(page, listing.name)).toMatch(/-1600\.png$/);
      await page.keyboard.press('Escape');
      await expect(shown).toBeHidden();
      await expect(page).toHaveURL(`/phone/${listing.id}`);

      // From the keyboard: the expand button, then × closes it.
      const open = page.getByRole('button', { name: 'Rasmni kattalashtirish' });
      await open.focus();
      await page.keyboard.press('Enter');
      await expect(shown.getByText('1 / 3')).toBeVisible();
      await expect(shown.getByRole('button', { name: 'Yopish' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(shown).toBeHidden();
      await expect(open).toBeFocused();
    });

    test("shows its seller their own listing's stats and no 'Qo'ng'iroq qilish' beside it", async ({ seller: owner, listings }) => {
      const { page } = owner;
      const own = await listings.createListing({ device, seller: await listings.userByPhone(owner.phoneNumber) });
      await page.goto(`/phone/${own.id}`);
      await expect(page.getByRole('status', { name: "Sizning e'loningiz" })).toContainText("Ko'rishlar:");
      await expect(page.getByRole('region', { name: 'Sotuvchi', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: "Qo'ng'iroq qilish" })).toHaveCount(0);
    });
  });
});

test.describe("the moderators' desktop (issue 36 item 10)", () => {
  test.use({ adminPhone: TEST_ADMIN_PHONES.firstTime, viewport: MODERATORS_DESKTOP });
  const tag = Date.now().toString(36);

  test('uses the width of a 1366 px screen for the queue', async ({ admin: { page }, listings }) => {
    const brand = await listings.createBrand(`Navbat ${tag}`);
    const device = await listings.createDevice(brand, `Navbat ${tag}`);
    const seller = await listings.createSeller({ name: 'Navbat sotuvchi' });
    for (let index = 0; index < 4; index++) await listings.createListing({ device, seller, name: `Navbat ${tag} ${index}`, status: 'waiting', createdAt: new Date('2019-01-01') });
    await page.goto('/profile/allphones');
    const cards = page.getByRole('tabpanel').getByRole('article');
    await expect(cards.nth(3)).toBeVisible();
    const boxes = await cards.evaluateAll((articles) => articles.slice(0, 4).map((article) => article.getBoundingClientRect().toJSON() as DOMRect));
    const columns = new Set(boxes.map((box) => Math.round(box.x)));
    const right = Math.max(...boxes.map((box) => box.x + box.width));
    const left = Math.min(...boxes.map((box) => box.x));
    expect(columns.size, 'columns of the queue').toBeGreaterThanOrEqual(2);
    expect(right - left, 'the width the queue takes').toBeGreaterThan(MODERATORS_DESKTOP.width * 0.75);
  });

  test('makes a brand a series of another from the brands table, which then names it', async ({ admin: { page }, listings }) => {
    const maker = await listings.createBrand(`Ota ${tag}`);
    await listings.createBrand(`Bola ${tag}`);
    await page.goto('/profile/categories');
    await page.getByRole('button', { name: `Bola ${tag}: amallar` }).click();
    await page.getByRole('menuitem', { name: 'Tahrirlash' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Qaysi brendning seriyasi').selectOption({ label: maker.name });
    await dialog.getByRole('button', { name: 'Saqlash' }).click();
    await expect(page.getByText("Bo'lim o'zgartirildi")).toBeVisible();
    await expect(page.getByRole('rowheader', { name: new RegExp(`Bola ${tag}`) })).toContainText(`Ota ${tag} seriyasi`);
  });
});
