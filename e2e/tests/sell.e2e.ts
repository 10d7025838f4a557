import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { newPhoneNumber, signInWithNewNumber } from '../support/accounts';
import { launchBrowser, newVisitor } from '../support/browser';

/** A phone photo as a seller's camera would give it, only smaller: a JPEG with some detail in it. */
async function photoJpeg(hue: number): Promise<Buffer> {
  const picture = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
       <rect width="800" height="600" fill="hsl(${hue}, 60%, 55%)"/>
       <rect x="300" y="100" width="200" height="400" rx="30" fill="#222"/>
     </svg>`,
  );
  return sharp(picture).jpeg({ quality: 85 }).toBuffer();
}

const next = (page: Page) => page.getByRole('button', { name: 'Keyingi' }).click();
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 360);

/** Searches the catalogue on step 0 and picks the device named exactly `name`. */
async function pickDevice(page: Page, search: string, name: string): Promise<void> {
  await page.getByLabel('Qurilma nomi').fill(search);
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByText('Tanlangan qurilma').waitFor();
}

/** The card of `name` on the open tab of /profile, and its author's action bar. */
function listingCard(page: Page, name: string): { card: Locator; actions: Locator } {
  return {
    card: page.getByRole('tabpanel').getByRole('article').filter({ hasText: name }),
    actions: page.getByRole('group', { name: `${name}: amallar` }),
  };
}

async function openTab(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

describe('selling a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  describe('on a 360 px phone', () => {
    let context: BrowserContext;
    let page: Page;
    const device = 'Samsung Galaxy S23 FE';

    beforeAll(async () => {
      ({ context, page } = await newVisitor(browser, { width: 360, height: 740 }));
      await signInWithNewNumber(page, newPhoneNumber());
    });
    afterAll(() => context.close());

    it('creates a listing from the device search to the success screen with two photos', async () => {
      await page.goto('/profile');
      await page.getByText("Sizda hali faol e'lonlar yo'q").waitFor();
      expect(await fitsThePhone(page)).toBe(true);
      await page.getByRole('main').getByRole('link', { name: "E'lon berish" }).click();
      await page.waitForURL('**/profile/phone/add');

      // Step 0: two characters are not enough to search.
      await stepHeading(page, 'Qurilmani tanlang');
      await page.getByText("Ko'p qidirilgan qurilmalar").waitFor();
      expect(await page.getByRole('button', { name: 'Keyingi' }).isDisabled()).toBe(true);
      await page.getByLabel('Qurilma nomi').fill('S2');
      await page.getByText("3 ta belgidan ko'proq ma'lumot kiriting").waitFor();
      await pickDevice(page, 'Galaxy S23 FE', device);
      await page.getByText('1 marta tanlangan').waitFor();
      expect(await fitsThePhone(page)).toBe(true);
      await next(page);

      await stepHeading(page, 'Xotira hajmini tanlang');
      await page.getByRole('radio', { name: '8GB RAM / 256GB' }).check();
      await next(page);

      await stepHeading(page, 'Rangini tanlang');
      await page.getByRole('radio', { name: 'Mint' }).check();
      await next(page);

      // Step 3: whatever is not a digit or the dot is dropped.
      await stepHeading(page, 'Narxini kiriting');
      await next(page);
      await page.getByText("Maydonni to'ldiring").waitFor();
      await page.getByLabel('Narxi', { exact: true }).fill("3 500 000 so'm");
      expect(await page.getByLabel('Narxi', { exact: true }).inputValue()).toBe('3500000');
      await next(page);

      await stepHeading(page, 'Tavsif yozing');
      await page.getByLabel('Tavsif', { exact: true }).fill('Ideal holatda, quti va zaryadlovchi bilan.');
      await page.getByText('42 / 200').waitFor();
      await next(page);

      await stepHeading(page, "Aloqa ma'lumotlari");
      expect(await page.getByLabel('Shaxsiy profilimni ham yangilash').isChecked()).toBe(true);
      await page.getByLabel('Ismingiz').fill('Bobur');
      await next(page);

      await stepHeading(page, 'Hududni tanlang');
      await page.getByRole('radio', { name: 'Andijon' }).waitFor();
      await page.getByRole('radio', { name: 'Toshkent' }).check();
      await next(page);

      // Step 7: at least one photo; each uploads with its own progress.
      await stepHeading(page, 'Rasmlarni yuklang');
      await next(page);
      await page.getByText('Kamida bitta rasm yuklang').waitFor();
      await page.getByLabel(/Rasm qo'shish/).setInputFiles([
        { name: 'old.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(160) },
        { name: 'orqa.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(20) },
      ]);
      await page.getByText('2 / 8').waitFor();
      for (const alt of ['1-rasm', '2-rasm']) {
        // Uploaded: the tile shows the server's thumbnail instead of the local file.
        await page.waitForFunction((name) => {
          const image = document.querySelector<HTMLImageElement>(`img[alt="${name}"]`);
          return image !== null && !image.src.startsWith('blob:') && image.complete && image.naturalWidth > 0;
        }, alt);
      }
      expect(await page.getByRole('progressbar', { name: /rasm yuklanmoqda/ }).count()).toBe(0);
      await next(page);

      await stepHeading(page, 'Holati va yetkazib berish');
      expect(await page.getByRole('radio', { name: 'Ishlatilgan' }).isChecked()).toBe(true);
      await page.getByRole('group', { name: 'Quti va hujjatlari bormi?' }).getByRole('radio', { name: 'Ha' }).check();
      await page.getByRole('radio', { name: 'Yangi' }).check();
      // A new phone comes with its box and documents: not asked.
      expect(await page.getByRole('group', { name: 'Quti va hujjatlari bormi?' }).count()).toBe(0);
      await page.getByRole('radio', { name: 'Ishlatilgan' }).check();
      await page.getByRole('group', { name: 'Yetkazib berish bormi?' }).getByRole('radio', { name: 'Ha' }).check();
      await next(page);

      await stepHeading(page, 'Tarifni tanlang');
      await page.getByRole('radio', { name: /Oddiy 1x/ }).waitFor();
      await page.getByRole('radio', { name: /Super 4x/ }).check();
      await page.getByText('-100 %').waitFor();
      expect(await fitsThePhone(page)).toBe(true);
      await page.getByRole('button', { name: "E'lon berish" }).click();

      await page.getByRole('heading', { name: "E'longiz yaratildi." }).waitFor();
      await page.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL((url) => url.pathname === '/profile');
    });

    it("shows the new listing under 'waiting' with its photo", async () => {
      await openTab(page, /Tekshiruvda/);
      const { card } = listingCard(page, device);
      await card.waitFor();
      expect(await card.textContent()).toMatch(/3\s500\s000/);
      await page.getByRole('tab', { name: /Tekshiruvda\s*1/ }).waitFor();
      await card.getByRole('img', { name: `${device} rasmi` }).waitFor();
      expect(await fitsThePhone(page)).toBe(true);
    });

    it('edits the listing in the wizard', async () => {
      await listingCard(page, device).actions.getByRole('link', { name: 'Tahrirlash' }).click();
      await page.getByRole('heading', { level: 1, name: "E'lonni tahrirlash" }).waitFor();
      await page.getByText(device).first().waitFor();
      await next(page);
      expect(await page.getByRole('radio', { name: '8GB RAM / 256GB' }).isChecked()).toBe(true);
      await next(page);
      expect(await page.getByRole('radio', { name: 'Mint' }).isChecked()).toBe(true);
      await next(page);
      await page.getByLabel('Narxi', { exact: true }).fill('3200000');
      for (const step of ['Tavsif yozing', "Aloqa ma'lumotlari", 'Hududni tanlang', 'Rasmlarni yuklang']) {
        await next(page);
        await stepHeading(page, step);
      }
      expect(await page.getByRole('img', { name: /^\d-rasm$/ }).count()).toBe(2);
      await next(page);
      await stepHeading(page, 'Holati va yetkazib berish');
      await next(page);
      await stepHeading(page, 'Tarifni tanlang');
      await page.getByRole('button', { name: 'Saqlash' }).click();
      await page.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL((url) => url.pathname === '/profile');

      await openTab(page, /Tekshiruvda/);
      const { card } = listingCard(page, device);
      await card.filter({ hasText: /3\s200\s000/ }).waitFor();
    });

    it('deletes the listing after the confirmation dialog', async () => {
      await listingCard(page, device).actions.getByRole('button', { name: "O'chirish" }).click();
      const dialog = page.getByRole('dialog', { name: 'Ishonchingiz komilmi?' });
      await dialog.getByText("Siz bu harakat bilan tanlagan ma'lumotingizni o'chirishingiz mumkin.").waitFor();
      // Keyboard: the focus starts on 'Bekor qilish' and Escape closes the dialog.
      expect(await dialog.getByRole('button', { name: 'Bekor qilish' }).evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await listingCard(page, device).actions.getByRole('button', { name: "O'chirish" }).click();
      await dialog.getByRole('button', { name: "O'chirish" }).click();
      await page.getByText("E'lon o'chirildi").waitFor();
      await listingCard(page, device).card.waitFor({ state: 'detached' });
      await page.reload();
      await openTab(page, /Tekshiruvda/);
      await page.getByText("Bu bo'limda e'lonlar yo'q").waitFor();
    });
  });

  it('keeps a wizard left midway as a draft and resumes it at its step', async () => {
    const { context, page } = await newVisitor(browser);
    await signInWithNewNumber(page, newPhoneNumber());
    await page.goto('/profile/phone/add');
    // One memory option and several colours: the memory step is skipped both ways.
    await pickDevice(page, 'Galaxy Note20', 'Samsung Galaxy Note20');
    await next(page);
    await stepHeading(page, 'Rangini tanlang');
    await page.getByRole('radio', { name: 'Mystic Green' }).check();
    await next(page);
    await stepHeading(page, 'Narxini kiriting');
    await page.getByLabel('Narxi', { exact: true }).fill('450');
    await page.getByRole('radio', { name: 'Dollar' }).check();

    // Leaving through the menu keeps what was typed on this step too.
    await page.getByRole('navigation', { name: "Profil bo'limlari" }).getByRole('link', { name: "Mening e'lonlarim" }).click();
    await openTab(page, /Qoralama\s*1/);
    const { card, actions } = listingCard(page, 'Samsung Galaxy Note20');
    await card.getByText("10 qadamdan 4-qadamda to'xtatilgan").waitFor();
    await actions.getByRole('link', { name: 'Davom ettirish' }).click();

    await stepHeading(page, 'Narxini kiriting');
    expect(await page.getByLabel('Narxi', { exact: true }).inputValue()).toBe('450');
    expect(await page.getByRole('radio', { name: 'Dollar' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Orqaga' }).click();
    await stepHeading(page, 'Rangini tanlang');
    expect(await page.getByRole('radio', { name: 'Mystic Green' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Orqaga' }).click();
    await stepHeading(page, 'Qurilmani tanlang');
    await context.close();
  });
});
