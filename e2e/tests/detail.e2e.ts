import type { Locator, Page } from '@playwright/test';
import { LIMITS } from '@market/contracts';
import { expect, test } from '../support/fixtures';
import type { SeededDevice, SeededListing, SeededSeller } from '../support/listings';
import { doubleTapToZoom } from '../support/photo-viewer';
import { crampedTouchTargets, smallTouchTargets, TOUCH_TARGET } from '../support/touch-targets';
import { DESKTOP, PHONE } from '../support/viewports';

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  await expect(locator).toBeVisible();
  // A re-render may replace the element between two reads (CI saw it once): its box is read again until there is one.
  let found: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (found = await locator.boundingBox()), { message: `${locator} is laid out`, timeout: 5_000 }).not.toBeNull();
  return found!;
}

/** The photo the slider (or within `scope`, the viewer) shows. */
function shownPhoto(scope: Page | Locator): Locator {
  return scope.locator('[aria-current="true"] img');
}

/** The address of the photo shown once it has loaded; '' while it loads. */
function shownPhotoSource(scope: Page | Locator): Promise<string> {
  return shownPhoto(scope).evaluate((image: HTMLImageElement) => (image.complete && image.naturalWidth > 0 ? image.currentSrc : ''));
}

function contactBar(page: Page): Locator {
  return page.getByRole('region', { name: "Sotuvchi bilan bog'lanish" });
}

test.describe('the listing page', () => {
  const tag = Date.now().toString(36);
  let seller: SeededSeller;
  let listing: SeededListing;
  let device: SeededDevice;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`Layoutbrand ${tag}`);
    device = await listings.createDevice(brand, `Layoutphone ${tag}`, [{ name: 'Battery size', value: '5000mAh' }]);
    seller = await listings.createSeller({ name: 'Nodira', phoneNumber: `99897${String(Date.now()).slice(-7)}`, telegramUsername: 'nodira_sotadi' });
    listing = await listings.createListing({
      device,
      seller,
      name: `Layoutphone ${tag} 12/512`,
      price: 4_500_000,
      telegramUsername: 'nodira_sotadi',
      ram: '12GB',
      storage: '512GB',
      color: 'Oq',
      description: 'Yangi kabi.\nQuti, zaryadlovchi va hujjatlari bor.\nAlmashtirish yo‘q.',
      photos: 3,
      photoCopies: true,
    });
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: PHONE });

    test("puts the title and price right under the photos and 'Qo'ng'iroq qilish' and Telegram in a bar on screen", async ({ page }) => {
      await page.goto(`/phone/${listing.id}`);
      const title = page.getByRole('heading', { level: 1, name: listing.name });
      await expect(title).toBeVisible();
      const photos = await box(page.getByRole('region', { name: `${listing.name} rasmlari` }));
      const titleBox = await box(title);
      expect(titleBox.y).toBeGreaterThanOrEqual(photos.y + photos.height);
      expect(titleBox.y - (photos.y + photos.height)).toBeLessThan(64);
      const price = await box(page.locator('main').getByText(/^4\s500\s000\sso'm$/));
      expect(price.y + price.height).toBeLessThanOrEqual(PHONE.height);
      // A visitor's page has no owner's notice.
      await expect(page.getByRole('status', { name: "Sizning e'loningiz" })).toHaveCount(0);

      const bar = contactBar(page);
      const call = bar.getByRole('button', { name: "Qo'ng'iroq qilish" });
      const callBox = await box(call);
      expect(callBox.y + callBox.height).toBeLessThanOrEqual(PHONE.height);
      expect(callBox.height).toBeGreaterThanOrEqual(TOUCH_TARGET);
      // Its words on one line, as a button's: the bar's two buttons share a 360 px screen.
      const lines = await call.evaluate((button) => {
        const words = document.createRange();
        words.selectNodeContents(button);
        return new Set(Array.from(words.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(1);
      // The bar stays at the bottom of the screen while the page scrolls.
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await expect(call).toBeInViewport();
      // The seller panel shows the number; the bar holds the one button that asks for it.
      await expect(page.getByRole('region', { name: 'Sotuvchi', exact: true }).getByRole('button', { name: "Qo'ng'iroq qilish" })).toBeHidden();

      await call.click();
      await expect(bar.getByRole('link', { name: "Qo'ng'iroq qilish" })).toHaveAttribute('href', `tel:+${seller.phoneNumber}`);
      await expect(bar.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/nodira_sotadi');
      await expect(page.getByRole('region', { name: 'Sotuvchi', exact: true }).getByRole('link', { name: /^\+998/ })).toHaveAttribute('href', `tel:+${seller.phoneNumber}`);
      // The footer is not hidden behind the bar.
      await page.mouse.wheel(0, 5000);
      const footer = await box(page.locator('footer'));
      const barBox = await box(bar);
      expect(footer.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);
    });

    test('makes every control of the home page, the filters and the listing page at least 44 by 44 px, and zooms into the 1600 px photo', async ({ page, listings }) => {
      // Cards below the first screen, not yet drawn: each seller's link stays clear of the next card.
      for (let more = 1; more < LIMITS.listingsPerPage; more++) await listings.createListing({ device, seller, name: `Layoutphone ${tag} ${more}` });
      await page.goto('/');
      await expect(page.locator('#listings').getByRole('article').nth(LIMITS.listingsPerPage - 1)).toBeAttached();
      await expect(page.getByRole('region', { name: 'Brendlar' }).getByRole('listitem').first()).toBeVisible();
      expect(await smallTouchTargets(page), 'the home page').toEqual([]);
      expect(await crampedTouchTargets(page), "the home page, as Lighthouse's target-size audit reads it").toEqual([]);
      await page.getByRole('button', { name: /^Filtrlar/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filtrlar' })).toBeVisible();
      expect(await smallTouchTargets(page), 'the filters').toEqual([]);

      // Swiper's code (the lazily loaded `photo-viewer` chunk) is fetched only to open a photo full screen.
      const swiperFetches: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.includes('/swiper')) swiperFetches.push(request.url());
      });
      await page.goto(`/phone/${listing.id}`);
      await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
      // The slider's arrows and dots, the header's '+' and the contact bar among them.
      for (const control of [
        page.getByRole('link', { name: "E'lon berish" }),
        page.getByRole('button', { name: 'Keyingi rasm' }),
        page.getByRole('button', { name: "3-rasmga o'tish" }),
        contactBar(page).getByRole('button', { name: 'Telegram' }),
      ]) {
        await expect(control).toBeVisible();
      }
      expect(await smallTouchTargets(page), 'the listing page').toEqual([]);
      await contactBar(page).getByRole('button', { name: "Qo'ng'iroq qilish" }).click();
      await expect(contactBar(page).getByRole('link', { name: "Qo'ng'iroq qilish" })).toBeVisible();
      expect(await smallTouchTargets(page), 'the listing page with the contact shown').toEqual([]);

      // The arrows switch photos (a 44 px target, not an 18 px one).
      await page.getByRole('button', { name: 'Keyingi rasm' }).click();
      await expect(shownPhoto(page)).toHaveAttribute('alt', `${listing.name}, 2-rasm (3 tadan)`);

      // A phone takes the 800 px copy; zooming in the viewer shows the 1600 px photo.
      await expect.poll(() => shownPhotoSource(page)).toMatch(/-800\.png$/);
      expect(swiperFetches, 'Swiper before a photo is opened').toEqual([]);
      await shownPhoto(page).click();
      const viewer = page.getByRole('dialog', { name: `${listing.name}: rasmlar` });
      await expect(viewer.getByText('2 / 3')).toBeVisible();
      expect(await smallTouchTargets(page), 'the photo viewer').toEqual([]);
      await doubleTapToZoom(viewer);
      await expect.poll(() => shownPhotoSource(viewer)).toMatch(/-1600\.png$/);
    });

    test.describe('with a finger', () => {
      test.use({ hasTouch: true });

      test('swipes to the next photo, its dot following, and a pinch opens it full screen, zoomed in', async ({ page, context }) => {
        await page.goto(`/phone/${listing.id}`);
        await expect(shownPhoto(page)).toHaveAttribute('alt', `${listing.name}, 1-rasm (3 tadan)`);
        const { x, y, width, height } = await box(shownPhoto(page));
        const [middle, across] = [y + height / 2, x + width / 2];
        const touch = await context.newCDPSession(page);
        await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: across + 100, y: middle }] });
        for (let step = 1; step <= 10; step++) {
          await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: across + 100 - step * 25, y: middle }] });
        }
        await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await expect(shownPhoto(page)).toHaveAttribute('alt', `${listing.name}, 2-rasm (3 tadan)`);
        await expect(page.getByRole('button', { name: "2-rasmga o'tish" })).toHaveAttribute('aria-current', 'true');

        await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: across - 30, y: middle }, { x: across + 30, y: middle }] });
        await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        const viewer = page.getByRole('dialog', { name: `${listing.name}: rasmlar` });
        await expect.poll(() => shownPhotoSource(viewer)).toMatch(/-1600\.png$/);
        await expect(shownPhoto(viewer)).toHaveAttribute('alt', `${listing.name}, 2-rasm (3 tadan)`);
      });
    });

    test("keeps the photos when the viewer's code cannot be fetched (the connection dropped)", async ({ page, consoleErrors }) => {
      consoleErrors.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
      let refused!: () => void;
      const zoomAsked = new Promise<void>((resolve) => (refused = resolve));
      await page.route(/\/photo-viewer-/, async (route) => {
        await route.abort('internetdisconnected');
        refused();
      });
      await page.goto(`/phone/${listing.id}`);
      await expect(shownPhoto(page)).toHaveAttribute('alt', `${listing.name}, 1-rasm (3 tadan)`);
      await shownPhoto(page).click();
      await zoomAsked;
      await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
      await page.getByRole('button', { name: 'Keyingi rasm' }).click();
      await expect(shownPhoto(page)).toHaveAttribute('alt', `${listing.name}, 2-rasm (3 tadan)`);
    });
  });

  test.describe('on a 1280 px desktop', () => {
    test.use({ viewport: DESKTOP });

    test('shows the price and the seller beside the photos, the price above the fold', async ({ page }) => {
      await page.goto(`/phone/${listing.id}`);
      await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
      const photos = await box(page.getByRole('region', { name: `${listing.name} rasmlari` }));
      const price = await box(page.locator('main').getByText(/^4\s500\s000\sso'm$/));
      const sellerPanel = await box(page.getByRole('region', { name: 'Sotuvchi', exact: true }));
      expect(price.x).toBeGreaterThanOrEqual(photos.x + photos.width);
      expect(price.y + price.height).toBeLessThanOrEqual(DESKTOP.height);
      expect(price.y).toBeLessThan(photos.y + photos.height);
      expect(sellerPanel.x).toBeGreaterThanOrEqual(photos.x + photos.width);
      expect(sellerPanel.y).toBeLessThan(photos.y + photos.height);
      await expect(page.getByRole('region', { name: 'Sotuvchi', exact: true }).getByRole('button', { name: "Qo'ng'iroq qilish" })).toBeVisible();
      await expect(contactBar(page)).toBeHidden();
    });
  });

  test.describe("an owner's own listing", () => {
    test.use({ viewport: PHONE });

    test('shows its status, and for a rejected listing the reason, what to do and a link to edit', async ({ seller: owner, listings }) => {
      const { page } = owner;
      const user = await listings.userByPhone(owner.phoneNumber);
      const brand = await listings.createBrand(`Ownerbrand ${tag}`);
      const device = await listings.createDevice(brand, `Ownerphone ${tag}`);
      const rejected = await listings.createListing({ device, seller: user, status: 'cancelled', rejectionReason: 'wrongPrice' });
      const waiting = await listings.createListing({ device, seller: user, status: 'waiting' });
      const active = await listings.createListing({ device, seller: user, status: 'active' });

      await page.goto(`/phone/${rejected.id}`);
      const notice = page.getByRole('status', { name: "Sizning e'loningiz" });
      await expect(notice).toContainText('Rad etilgan');
      await expect(notice).toContainText("Rad etish sababi: Narx noto'g'ri");
      await expect(notice).toContainText('Sababni tuzating va saqlang: e\'lon qayta tekshiruvga yuboriladi.');
      await expect(notice.getByRole('link', { name: "E'lonni tuzatish" })).toHaveAttribute('href', `/profile/phone/edit/${rejected.id}`);
      const link = await box(notice.getByRole('link', { name: "E'lonni tuzatish" }));
      expect(link.height).toBeGreaterThanOrEqual(TOUCH_TARGET);
      expect(link.y + link.height).toBeLessThanOrEqual(PHONE.height);

      await page.goto(`/phone/${waiting.id}`);
      await expect(notice).toContainText('Tekshiruvda');
      await expect(notice).toContainText("Adminlar tasdiqlaganidan keyin saytda ko'rinadi");
      await expect(notice.getByRole('link')).toHaveCount(0);

      await page.goto(`/phone/${active.id}`);
      await expect(notice).toContainText('Faol');
      await expect(notice).toContainText("Xaridorlar bu e'lonni saytda ko'rmoqda.");

      await page.goto(`/phone/${rejected.id}`);
      await notice.getByRole('link', { name: "E'lonni tuzatish" }).click();
      await expect(page).toHaveURL(`/profile/phone/edit/${rejected.id}`);
    });
  });
});
