import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newVisitor } from '../support/browser';
import { E2eListings, type SeededBrand, type SeededListing } from '../support/listings';

/** Whole-pixel check that an element is on screen (scroll restore, 'Davom etish'). */
function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeout = 5_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function cards(page: Page): Locator {
  return page.locator('#listings').getByRole('article');
}

/** Uzbek digit grouping uses a no-break space; match any space. */
function price(text: string): RegExp {
  return new RegExp(text.replace(/ /g, '\\s'));
}

describe('browsing listings', () => {
  const tag = Date.now().toString(36);
  let browser: Browser;
  let seeder: E2eListings;
  /** 26 listings: three pages of 12, 12 and 2. */
  let paged: SeededBrand;
  let pagedListings: SeededListing[];
  /** A few listings for the filters: regions, prices and currencies. */
  let filtered: SeededBrand;
  let detail: SeededListing;

  beforeAll(async () => {
    seeder = await E2eListings.connect();
    paged = await seeder.createBrand(`Pagebrand ${tag}`);
    filtered = await seeder.createBrand(`Filterbrand ${tag}`);
    const pagedDevice = await seeder.createDevice(paged, `Pagephone ${tag}`);
    const filteredDevice = await seeder.createDevice(filtered, `Filterphone ${tag}`);
    const seller = await seeder.createSeller({ name: 'Aziz' });

    pagedListings = [];
    const start = Date.now() - 60 * 60_000;
    for (let index = 0; index < 26; index++) {
      pagedListings.push(
        await seeder.createListing({
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
      seeder.createListing({ device: filteredDevice, seller, name: `${name} ${tag}`, region, price: priceValue, valut });
    await listing('Toshkent arzon', 'toshkent', 1_500_000);
    // 200 dollars is 2 530 000 so'm at the API's fallback rate: within the bounds.
    await listing('Toshkent dollar', 'toshkent', 200, 'usd');
    await listing('Toshkent qimmat', 'toshkent', 9_000_000);
    await listing('Toshkent juda arzon', 'toshkent', 500_000);
    await listing('Buxoro', 'buxoro', 2_000_000);
    const otherBrand = await seeder.createBrand(`Otherbrand ${tag}`);
    const otherDevice = await seeder.createDevice(otherBrand, `Otherphone ${tag}`);
    await seeder.createListing({ device: otherDevice, seller, name: `Boshqa brend ${tag}`, region: 'toshkent', price: 2_000_000 });

    const detailBrand = await seeder.createBrand(`Detailbrand ${tag}`);
    const detailDevice = await seeder.createDevice(detailBrand, `Detailphone ${tag}`, [
      { name: 'Display size', value: '6.1"' },
      { name: 'Chipset', value: 'Snapdragon 8 Gen 2' },
      { name: 'Camera pixels', value: '50MP' },
      { name: 'Battery size', value: '4500mAh' },
    ]);
    const detailSeller = await seeder.createSeller({ name: 'Dilshod', phoneNumber: '998901234567', telegramUsername: 'dilshod_sotuvchi' });
    detail = await seeder.createListing({
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
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await seeder?.close();
    await E2eListings.removePhotoFiles();
  });

  it('shows only the matching cards for filters pasted in the address, and keeps filtering without a reload', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`/?page=1&brand=${encodeURIComponent(filtered.name)}&region=toshkent&minPrice=1000000&maxPrice=5000000&name=null`);
    await cards(page).first().waitFor();
    const names = await cards(page).getByRole('heading').allTextContents();
    expect(names.sort()).toEqual([`Toshkent arzon ${tag}`, `Toshkent dollar ${tag}`]);
    // 'null' is a cleared filter: the address shows only what is set.
    expect(new URL(page.url()).searchParams.has('name')).toBe(false);
    expect(await page.getByLabel('Hudud', { exact: true }).inputValue()).toBe('toshkent');
    expect(await page.getByLabel("Narxi, dan (so'm)", { exact: true }).inputValue()).toBe('1000000');

    // Changing a filter rewrites the address in place: the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByLabel('Hudud', { exact: true }).selectOption('buxoro');
    await page.waitForURL((url) => url.searchParams.get('region') === 'buxoro');
    await page.getByRole('heading', { name: `Buxoro ${tag}` }).waitFor();
    expect(await cards(page).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('queries')))!).state).toMatchObject({
      region: 'buxoro',
      minPrice: 1_000_000,
      currentPage: 1,
    });

    // Clearing leaves only the page in the address.
    await page.getByRole('button', { name: 'Tozalash' }).click();
    await page.waitForURL((url) => url.search === '?page=1');
    expect(await page.getByLabel('Hudud', { exact: true }).inputValue()).toBe('');

    await page.goto(`/?page=1&brand=${filtered.id}&minPrice=100000000`);
    await page.getByText('mavjud emas').waitFor();
    await context.close();
  });

  it("pages with 'Davom etish' and the numbered pager", async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`/?page=1&brand=${paged.id}`);
    await page.getByRole('heading', { name: `Pagephone ${tag} no. 26` }).waitFor();
    expect(await cards(page).count()).toBe(12);
    expect(await page.getByRole('button', { name: 'Oldingi sahifa' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: '1-sahifa, joriy sahifa' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Davom etish' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByRole('heading', { name: `Pagephone ${tag} no. 14` }).waitFor();
    expect(await cards(page).count()).toBe(12);
    await waitUntil(() => inViewport(page.getByRole('heading', { name: 'Ishlatilgan telefonlar' })), "the list's top is on screen");
    expect(await page.getByRole('button', { name: 'Oldingi sahifa' }).isVisible()).toBe(true);

    await page.getByRole('link', { name: '3-sahifa' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await page.getByRole('heading', { name: `Pagephone ${tag} no. 1`, exact: true }).waitFor();
    expect(await cards(page).count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Keyingi sahifa' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Davom etish' }).count()).toBe(0);

    // Cards without a photo show the placeholder picture in the 120 by 150 box.
    const photo = page.getByRole('img', { name: `Pagephone ${tag} no. 1 rasmi` });
    expect(await photo.getAttribute('src')).toBe('/phone-placeholder.svg');
    expect(await photo.evaluate((image) => [image.clientWidth, image.clientHeight])).toEqual([120, 150]);

    // The browser's back button walks the pages back.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByRole('heading', { name: `Pagephone ${tag} no. 14` }).waitFor();
    await context.close();
  });

  it('scrolls back to the opened card after returning from its page; the logo starts afresh', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`/?page=1&brand=${paged.id}`);
    const opened = pagedListings[25 - 10];
    const card = page.getByRole('link', { name: new RegExp(`Pagephone ${tag} no. 16 `) });
    await card.scrollIntoViewIfNeeded();
    await card.click();
    await page.waitForURL(`**/phone/${opened.id}`);
    await page.getByRole('heading', { level: 1, name: opened.name }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('scrollId'))).toBe(opened.id);
    // Each new page starts at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('brand') === paged.id);
    await waitUntil(() => inViewport(page.locator(`#listing-${opened.id}`)), 'the opened card is on screen again');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await page.getByRole('link', { name: 'Telefon bozor: bosh sahifa' }).click();
    await waitUntil(async () => new URL(page.url()).search === '', 'the address has no filters');
    expect(await page.evaluate(() => localStorage.getItem('scrollId'))).toBeNull();
    expect(await page.getByLabel('Brend', { exact: true }).inputValue()).toBe('');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('queries')))!).state.brand).toBeNull();
    await context.close();
  });

  it('shows a listing with its photos, details, channel post and the seller contact on request', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`/phone/${detail.id}`);
    await page.getByRole('heading', { level: 1, name: detail.name }).waitFor();

    expect(await page.title()).toContain(detail.name);
    expect(await page.getAttribute('meta[name="description"]', 'content')).toBe('Ideal holatda, quti va hujjatlari bor.');
    const main = page.locator('main');
    expect(await main.getByText(price("4 500 000 so'm")).first().isVisible()).toBe(true);
    expect(await main.getByText('2024-05-02 01:30').isVisible()).toBe(true);
    const field = async (label: string) => (await main.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent())?.trim();
    expect(await field('Holati')).toBe('Ishlatilgan');
    expect(await field('Quti va hujjatlar')).toBe('Bor');
    expect(await field('Yetkazib berish')).toBe("Yo'q");
    expect(await field('Batareya')).toBe('4500mAh');
    expect(await field('Kamera')).toBe('50MP');
    expect(await field('Rangi')).toBe('Qora');
    expect(await field('Xotira')).toBe('8GB RAM / 256GB');
    expect(await main.locator('dt', { hasText: 'Hudud' }).first().locator('xpath=following-sibling::dd[1]').textContent()).toBe('Buxoro');
    expect(await page.getByRole('link', { name: "Telegramda ko'rish" }).getAttribute('href')).toBe('https://t.me/telefonbozor/123');
    expect(await page.getByRole('link', { name: "Instagramda ko'rish" }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: "Sahifa yo'li" }).getByRole('link', { name: 'Bosh sahifa' }).getAttribute('href')).toBe('/');

    // The slider: three photos, arrows and dots.
    expect(await page.getByRole('img', { name: new RegExp(`^${detail.name}, \\d-rasm`) }).count()).toBe(3);
    const activePhoto = () => page.locator('.swiper-slide-active img').getAttribute('alt');
    expect(await activePhoto()).toBe(`${detail.name}, 1-rasm (3 tadan)`);
    await page.getByRole('button', { name: 'Keyingi rasm' }).click();
    await waitUntil(async () => (await activePhoto()) === `${detail.name}, 2-rasm (3 tadan)`, 'the second photo is shown');
    await page.getByRole('button', { name: "3-rasmga o'tish" }).click();
    await waitUntil(async () => (await activePhoto()) === `${detail.name}, 3-rasm (3 tadan)`, 'the third photo is shown');
    // Photos after the first load lazily, once their slide is shown.
    const shownPhoto = page.locator('.swiper-slide-active img');
    await waitUntil(() => shownPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), 'the third photo has loaded');
    expect(await shownPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);

    // The seller's number stays hidden until asked for.
    const seller = page.getByRole('region', { name: 'Sotuvchi' });
    expect(await seller.getByText('Dilshod').isVisible()).toBe(true);
    expect(await seller.getByText('xxx-xx-xxx-xx-xx').isVisible()).toBe(true);
    expect(await seller.getByRole('link', { name: /\+998/ }).count()).toBe(0);
    await seller.getByRole('button', { name: "Qo'ng'iroq qilish" }).click();
    const phone = seller.getByRole('link', { name: '+998 90 123 45 67' });
    await phone.waitFor();
    expect(await phone.getAttribute('href')).toBe('tel:+998901234567');
    expect(await seller.getByRole('link', { name: '@dilshod_sotuvchi' }).getAttribute('href')).toBe('https://t.me/dilshod_sotuvchi');
    await seller.getByRole('button', { name: 'Yashirish' }).click();
    await seller.getByText('xxx-xx-xxx-xx-xx').waitFor();
    expect(await phone.count()).toBe(0);
    await context.close();
  });

  it('tells a visitor when a listing does not exist', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/phone/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'E\'lon topilmadi' }).waitFor();
    expect(await page.getByRole('link', { name: 'Bosh sahifaga qaytish' }).getAttribute('href')).toBe('/');
    await context.close();
  });

  it('fits a 360 px wide phone screen without sideways scrolling', async () => {
    const { context, page } = await newVisitor(browser, { width: 360, height: 740 });
    await page.goto(`/?page=1&brand=${paged.id}`);
    await cards(page).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto(`/phone/${detail.id}`);
    await page.getByRole('heading', { level: 1, name: detail.name }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
