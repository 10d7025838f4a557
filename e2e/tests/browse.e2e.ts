import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import type { SeededBrand, SeededListing } from '../support/listings';
import { layoutWidth, PHONE } from '../support/viewports';

function cards(page: Page): Locator {
  return page.locator('#listings').getByRole('article');
}

/** Uzbek digit grouping uses a no-break space; match any space. */
function price(text: string): RegExp {
  return new RegExp(text.replace(/ /g, '\\s'));
}

/** The filters and the list remembered between visits. */
async function savedQueries(page: Page): Promise<{ state: Record<string, unknown> }> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('queries')))!);
}

test.describe('browsing listings', () => {
  const tag = Date.now().toString(36);
  /** 26 listings: three pages of 12, 12 and 2. */
  let paged: SeededBrand;
  let pagedListings: SeededListing[];
  /** A few listings for the filters: regions, prices and currencies. */
  let filtered: SeededBrand;
  let detail: SeededListing;

  test.beforeAll(async ({ listings }) => {
    paged = await listings.createBrand(`Pagebrand ${tag}`);
    filtered = await listings.createBrand(`Filterbrand ${tag}`);
    const pagedDevice = await listings.createDevice(paged, `Pagephone ${tag}`);
    const filteredDevice = await listings.createDevice(filtered, `Filterphone ${tag}`);
    const seller = await listings.createSeller({ name: 'Aziz' });

    pagedListings = [];
    const start = Date.now() - 60 * 60_000;
    for (let index = 0; index < 26; index++) {
      pagedListings.push(
        await listings.createListing({
          device: pagedDevice,
          seller,
          name: `Pagephone ${tag} no. ${index + 1}`,
          region: 'samarqand',
          // Newest first: no. 26 opens page 1, no. 1 closes page 3.
          createdAt: new Date(start + index * 60_000),
          photos: index % 5 === 0 ? 0 : 1,
        }),
      );
    }

    const listing = (name: string, region: string, priceValue: number, valut: 'uzs' | 'usd' = 'uzs') =>
      listings.createListing({ device: filteredDevice, seller, name: `${name} ${tag}`, region, price: priceValue, valut });
    await listing('Toshkent arzon', 'toshkent', 1_500_000);
    // 200 dollars is 2 530 000 so'm at the API's fallback rate: within the bounds.
    await listing('Toshkent dollar', 'toshkent', 200, 'usd');
    await listing('Toshkent qimmat', 'toshkent', 9_000_000);
    await listing('Toshkent juda arzon', 'toshkent', 500_000);
    await listing('Buxoro', 'buxoro', 2_000_000);
    const otherBrand = await listings.createBrand(`Otherbrand ${tag}`);
    const otherDevice = await listings.createDevice(otherBrand, `Otherphone ${tag}`);
    await listings.createListing({ device: otherDevice, seller, name: `Boshqa brend ${tag}`, region: 'toshkent', price: 2_000_000 });

    const detailBrand = await listings.createBrand(`Detailbrand ${tag}`);
    const detailDevice = await listings.createDevice(detailBrand, `Detailphone ${tag}`, [
      { name: 'Display size', value: '6.1"' },
      { name: 'Chipset', value: 'Snapdragon 8 Gen 2' },
      { name: 'Camera pixels', value: '50MP' },
      { name: 'Battery size', value: '4500mAh' },
    ]);
    const detailSeller = await listings.createSeller({ name: 'Dilshod', phoneNumber: '998901234567', telegramUsername: 'dilshod_sotuvchi' });
    detail = await listings.createListing({
      device: detailDevice,
      seller: detailSeller,
      name: `Detailphone ${tag} 8/256`,
      price: 4_500_000,
      region: 'buxoro',
      tarif: 1,
      condition: false,
      document: true,
      shipping: false,
      color: 'Qora',
      ram: '8GB',
      storage: '256GB',
      description: 'Ideal holatda, quti va hujjatlari bor.',
      telegramUsername: 'dilshod_sotuvchi',
      // 20:30 UTC is 01:30 the next day in Tashkent.
      createdAt: new Date('2024-05-01T20:30:00Z'),
      photos: 3,
      posts: { telegram: { posted: true, link: 'https://t.me/telefonbozor/123' }, instagram: { posted: false, link: null } },
    });
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: PHONE });

    test('fits the screen without sideways scrolling', async ({ page }) => {
      await page.goto(`/?page=1&brand=${paged.id}`);
      await expect(cards(page).first()).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await page.goto(`/phone/${detail.id}`);
      await expect(page.getByRole('heading', { level: 1, name: detail.name })).toBeVisible();
      expect(await layoutWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });
  });

  test('shows only the matching cards for filters pasted in the address, and keeps filtering without a reload', async ({ page }) => {
    await page.goto(`/?page=1&brand=${encodeURIComponent(filtered.name)}&region=toshkent&minPrice=1000000&maxPrice=5000000&name=null`);
    await expect.poll(async () => (await cards(page).getByRole('heading').allTextContents()).sort()).toEqual([`Toshkent arzon ${tag}`, `Toshkent dollar ${tag}`]);
    // 'null' is a cleared filter: the address shows only what is set.
    await expect(page).toHaveURL((url) => !url.searchParams.has('name'));
    // The filters but the name are in the drawer.
    await page.getByRole('button', { name: 'Filtrlar (4)' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtrlar' });
    await expect(drawer.getByLabel('Hudud', { exact: true })).toHaveValue('toshkent');
    await expect(drawer.getByLabel("Narxi, dan (so'm)", { exact: true })).toHaveValue('1 000 000');

    // Changing a filter rewrites the address in place: the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await drawer.getByLabel('Hudud', { exact: true }).selectOption('buxoro');
    await expect(page).toHaveURL((url) => url.searchParams.get('region') === 'buxoro');
    await expect(page.getByRole('heading', { name: `Buxoro ${tag}` })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect((await savedQueries(page)).state).toMatchObject({ region: 'buxoro', minPrice: 1_000_000, currentPage: 1 });

    // Clearing leaves only the page in the address.
    await drawer.getByRole('button', { name: 'Tozalash' }).click();
    await expect(page).toHaveURL((url) => url.search === '?page=1');
    await expect(drawer.getByLabel('Hudud', { exact: true })).toHaveValue('');
    await drawer.getByRole('button', { name: 'Yopish' }).click();

    await page.goto(`/?page=1&brand=${filtered.id}&minPrice=100000000`);
    await expect(page.getByText('mavjud emas')).toBeVisible();
  });

  test("pages with 'Davom etish' and the numbered pager", async ({ page }) => {
    await page.goto(`/?page=1&brand=${paged.id}`);
    await expect(page.getByRole('heading', { name: `Pagephone ${tag} no. 26` })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByRole('button', { name: 'Oldingi sahifa' })).toBeHidden();
    await expect(page.getByRole('link', { name: '1-sahifa, joriy sahifa' })).toBeVisible();

    await page.getByRole('button', { name: 'Davom etish' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
    await expect(page.getByRole('heading', { name: `Pagephone ${tag} no. 14` })).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    // The list's top is on screen again.
    await expect(page.getByRole('heading', { name: 'Ishlatilgan telefonlar' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Oldingi sahifa' })).toBeVisible();

    await page.getByRole('link', { name: '3-sahifa' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '3');
    await expect(page.getByRole('heading', { name: `Pagephone ${tag} no. 1`, exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Keyingi sahifa' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Davom etish' })).toHaveCount(0);

    // Cards without a photo show the placeholder picture in the 120 by 150 box.
    const photo = page.getByRole('img', { name: `Pagephone ${tag} no. 1 rasmi` });
    await expect(photo).toHaveAttribute('src', '/phone-placeholder.svg');
    expect(await photo.evaluate((image) => [image.clientWidth, image.clientHeight])).toEqual([120, 150]);

    // The browser's back button walks the pages back.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
    await expect(page.getByRole('heading', { name: `Pagephone ${tag} no. 14` })).toBeVisible();
  });

  test('scrolls back to the opened card after returning from its page; the logo starts afresh', async ({ page }) => {
    await page.goto(`/?page=1&brand=${paged.id}`);
    const opened = pagedListings[25 - 10];
    const card = page.getByRole('link', { name: new RegExp(`Pagephone ${tag} no. 16 `) });
    await card.scrollIntoViewIfNeeded();
    await card.click();
    await expect(page).toHaveURL(`/phone/${opened.id}`);
    await expect(page.getByRole('heading', { level: 1, name: opened.name })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('scrollId'))).toBe(opened.id);
    // Each new page starts at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get('brand') === paged.id);
    await expect(page.locator(`#listing-${opened.id}`)).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await page.getByRole('link', { name: 'Telefon bozor: bosh sahifa' }).click();
    await expect(page).toHaveURL((url) => url.search === '');
    expect(await page.evaluate(() => localStorage.getItem('scrollId'))).toBeNull();
    await page.getByRole('button', { name: 'Filtrlar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Filtrlar' }).getByLabel('Brend', { exact: true })).toHaveValue('');
    expect((await savedQueries(page)).state.brand).toBeNull();
  });

  test('shows a listing with its photos, details, channel post and the seller contact on request', async ({ page }) => {
    await page.goto(`/phone/${detail.id}`);
    await expect(page.getByRole('heading', { level: 1, name: detail.name })).toBeVisible();

    await expect.poll(() => page.title()).toContain(detail.name);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Ideal holatda, quti va hujjatlari bor.');
    const main = page.locator('main');
    await expect(main.getByText(price("4 500 000 so'm")).first()).toBeVisible();
    await expect(main.getByText('2024-05-02 01:30')).toBeVisible();
    const field = (label: string) => main.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(field('Holati')).toHaveText('Ishlatilgan');
    await expect(field('Quti va hujjatlar')).toHaveText('Bor');
    await expect(field('Yetkazib berish')).toHaveText("Yo'q");
    await expect(field('Batareya')).toHaveText('4500mAh');
    await expect(field('Kamera')).toHaveText('50MP');
    await expect(field('Rangi')).toHaveText('Qora');
    await expect(field('Xotira')).toHaveText('8GB RAM / 256GB');
    await expect(main.locator('dt', { hasText: 'Hudud' }).first().locator('xpath=following-sibling::dd[1]')).toHaveText('Buxoro');
    await expect(page.getByRole('link', { name: "Telegramda ko'rish" })).toHaveAttribute('href', 'https://t.me/telefonbozor/123');
    await expect(page.getByRole('link', { name: "Instagramda ko'rish" })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: "Sahifa yo'li" }).getByRole('link', { name: 'Bosh sahifa' })).toHaveAttribute('href', '/');

    // The slider: three photos, arrows and dots.
    await expect(page.getByRole('img', { name: new RegExp(`^${detail.name}, \\d-rasm`) })).toHaveCount(3);
    const shownPhoto = page.locator('[aria-current="true"] img');
    await expect(shownPhoto).toHaveAttribute('alt', `${detail.name}, 1-rasm (3 tadan)`);
    await page.getByRole('button', { name: 'Keyingi rasm' }).click();
    await expect(shownPhoto).toHaveAttribute('alt', `${detail.name}, 2-rasm (3 tadan)`);
    await page.getByRole('button', { name: "3-rasmga o'tish" }).click();
    await expect(shownPhoto).toHaveAttribute('alt', `${detail.name}, 3-rasm (3 tadan)`);
    // Photos after the first load lazily, once their slide is shown.
    await expect.poll(() => shownPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { message: 'the third photo has loaded', intervals: [100] }).toBe(true);
    expect(await shownPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
    // The arrow keys page the gallery focused from the keyboard (a click opens the photo full screen).
    await page.getByRole('region', { name: `${detail.name} rasmlari` }).locator('[tabindex="0"]').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(shownPhoto).toHaveAttribute('alt', `${detail.name}, 2-rasm (3 tadan)`);

    // The seller's number stays hidden until asked for.
    const seller = page.getByRole('region', { name: 'Sotuvchi' });
    await expect(seller.getByText('Dilshod')).toBeVisible();
    await expect(seller.getByText('xxx-xx-xxx-xx-xx')).toBeVisible();
    await expect(seller.getByRole('link', { name: /\+998/ })).toHaveCount(0);
    await seller.getByRole('button', { name: "Qo'ng'iroq qilish" }).click();
    const phone = seller.getByRole('link', { name: '+998 90 123 45 67' });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute('href', 'tel:+998901234567');
    await expect(seller.getByRole('link', { name: '@dilshod_sotuvchi' })).toHaveAttribute('href', 'https://t.me/dilshod_sotuvchi');
    await seller.getByRole('button', { name: 'Yashirish' }).click();
    await expect(seller.getByText('xxx-xx-xxx-xx-xx')).toBeVisible();
    await expect(phone).toHaveCount(0);
  });

  test('tells a visitor when a listing does not exist', async ({ page }) => {
    await page.goto('/phone/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: "E'lon topilmadi" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bosh sahifaga qaytish' })).toHaveAttribute('href', '/');
  });
});
