import type { Locator, Page } from '@playwright/test';
import { newPhoneNumber, passwordFromSms } from '../support/accounts';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import { approve, waitingCard } from '../support/moderation';
import { nextSms } from '../support/sms';
import { smallTouchTargets, TOUCH_TARGET } from '../support/touch-targets';
import { PHONE } from '../support/viewports';
import { describeUsedPhone, expectPhotosUploaded, photoJpeg } from '../support/wizard';

/*
 * Issue 19's seller's loop on a 360x740 phone: a new seller signs in from 'E'lon berish' with
 * the keyboard alone, posts a listing with photos, finds it under review, an admin approves it,
 * and the seller's later changes keep it on sale unless they touch what moderation approved.
 */

const next = (page: Page) => page.getByRole('button', { name: 'Keyingi' }).click();
const stepHeading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();

/** The seller's card of `name` on the open tab of /profile. */
const myCard = (page: Page, name: string): Locator => page.getByRole('tabpanel').getByRole('article').filter({ hasText: name });
const myActions = (page: Page, name: string): Locator => page.getByRole('group', { name: `${name}: amallar` });

/** Every tab of /profile, with its count, lies within the phone's width and is big enough for a finger. */
async function expectEveryTabCountInSight(page: Page): Promise<void> {
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(5);
  for (const tab of await tabs.all()) {
    await expect(tab).toHaveText(/\d+\s*$/);
    const box = await tab.boundingBox();
    expect(box, `${await tab.textContent()} is on screen`).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(box!.height, 'a finger-sized tab').toBeGreaterThanOrEqual(TOUCH_TARGET);
  }
}

test.describe("the seller's loop on a 360 px phone", () => {
  test.use({ viewport: PHONE, adminPhone: TEST_ADMIN_PHONES.sellerLoop });

  test('a new seller signs in by typing the number, posts with photos, sees it under review, and an approved listing stays on sale through a price edit and a pause', async ({
    page,
    admin,
    listings,
  }) => {
    const run = Date.now().toString(36);
    const brand = await listings.createBrand(`E2E sotuvchi ${run}`);
    const device = await listings.createDevice(brand, `Sikl ${run}`, [{ name: 'Display size', value: '6.1"' }]);

    await test.step("'E'lon berish' asks to sign in; the number and password typed from the keyboard lead back to it (items 1, 9)", async () => {
      const phoneNumber = newPhoneNumber();
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: "E'lon berish" }).click();
      await expect(page).toHaveURL('/login');
      await expect(page.getByLabel('Telefon raqam', { exact: true })).toBeFocused();
      await page.keyboard.type(phoneNumber.slice(3));
      await page.keyboard.press('Enter');
      const password = page.getByLabel('Parol', { exact: true });
      await expect(password).toBeFocused();
      await page.keyboard.type(passwordFromSms(await nextSms(phoneNumber, 0)));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/profile/phone/add');
    });

    await test.step('picking the model moves the wizard on (item 6)', async () => {
      await stepHeading(page, 'Qurilmani tanlang');
      await expect(page.getByRole('button', { name: 'Boshqa model' })).toBeVisible();
      expect(await smallTouchTargets(page), 'the wizard on a phone (item 15)').toEqual([]);
      await page.getByLabel('Qurilma nomi').fill(device.name);
      await page.getByRole('button', { name: device.name, exact: true }).click();
      // No memory or colour choices: straight to the price.
      await stepHeading(page, 'Narxini kiriting');
    });

    await test.step('posts with photos; a file that is no picture takes no slot and says why (item 5)', async () => {
      await page.getByLabel('Narxi', { exact: true }).fill('2 500 000');
      await next(page);
      await page.getByLabel('Tavsif', { exact: true }).fill('Yaxshi holatda, qutisi bor.');
      await next(page);
      await page.getByLabel('Ismingiz').fill('Jasur');
      await next(page);
      await page.getByRole('radio', { name: 'Toshkent' }).check();
      await next(page);
      await stepHeading(page, 'Rasmlarni yuklang');
      await page.getByLabel(/Rasm qo'shish/).setInputFiles([
        { name: 'old.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(160) },
        { name: 'eslatma.txt', mimeType: 'text/plain', buffer: Buffer.from('bu rasm emas\n'.repeat(20)) },
      ]);
      await expect(page.getByRole('alert').filter({ hasText: '«eslatma.txt» yuklanmadi: Fayl rasm emas. JPG, PNG yoki WEBP rasm yuklang' })).toBeVisible();
      await expectPhotosUploaded(page, 1);
      await expect(page.getByRole('img', { name: /^\d-rasm$/ })).toHaveCount(1);
      await page.getByLabel(/Rasm qo'shish/).setInputFiles([{ name: 'orqa.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(20) }]);
      await expectPhotosUploaded(page, 2);
      // A new upload clears the old refusal.
      await expect(page.getByText(/eslatma\.txt/)).toHaveCount(0);
      await next(page);
      await stepHeading(page, 'Holati va yetkazib berish');
      await page.getByRole('group', { name: 'Quti va hujjatlari bormi?' }).getByRole('radio', { name: 'Ha' }).check();
      await describeUsedPhone(page);
      await next(page);
      await stepHeading(page, 'Tarifni tanlang');
      await page.getByRole('button', { name: "E'lon berish" }).click();
      await expect(page.getByRole('heading', { name: "E'longiz yaratildi." })).toBeVisible();
    });

    await test.step("OK opens 'Tekshiruvda', which holds the new listing, with every tab's count in sight (item 2)", async () => {
      await page.getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL('/profile?tab=waiting');
      await expect(page.getByRole('tab', { name: /Tekshiruvda\s*1/ })).toHaveAttribute('aria-selected', 'true');
      await expect(myCard(page, device.name)).toHaveText(/2\s500\s000/);
      await expectEveryTabCountInSight(page);
      expect(await smallTouchTargets(page), "the seller's listings on a phone (item 15)").toEqual([]);
    });

    await test.step('an admin approves it', async () => {
      const card = await waitingCard(admin.page, device.name);
      expect((await approve(card, device.name)).ok()).toBe(true);
      await expect(card).toHaveCount(0);
    });

    await test.step('the seller changes only the price, straight from the step menu, and is told it stays on sale (item 3)', async () => {
      await page.goto('/profile');
      await myActions(page, device.name).getByRole('link', { name: 'Tahrirlash' }).click();
      const steps = page.getByRole('navigation', { name: "Nimani o'zgartirasiz?" });
      await steps.getByRole('button', { name: 'Narx' }).click();
      await stepHeading(page, 'Narxini kiriting');
      await page.getByLabel('Narxi', { exact: true }).fill('2300000');
      await steps.getByRole('button', { name: 'Tarif' }).click();
      await stepHeading(page, 'Tarifni tanlang');
      await expect(page.getByText("E'lon sotuvda qoladi: narx, tavsif, aloqa va yetkazib berish qayta tekshiruvsiz o'zgaradi.")).toBeVisible();
      await page.getByRole('region', { name: 'Tarifni tanlang' }).getByRole('button', { name: 'Saqlash' }).click();
      await expect(page.getByRole('heading', { name: "O'zgarishlar saqlandi, e'lon sotuvda qoldi" })).toBeVisible();
      await page.getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL('/profile');
      await expect(myCard(page, device.name)).toHaveText(/2\s300\s000/);
    });

    await test.step('the new price is on sale in the public feed; moderators see it marked as an edit under active', async () => {
      await page.goto(`/?brand=${brand.id}`);
      await expect(page.getByRole('article').filter({ hasText: device.name })).toHaveText(/2\s300\s000/);
      await admin.page.goto('/profile/allphones?status=active');
      const card = admin.page.getByRole('article').filter({ has: admin.page.getByRole('heading', { name: device.name, exact: true }) });
      await expect(card).toHaveText(/2\s300\s000/);
      await expect(card.getByText(/^Sotuvda tahrirlangan: /)).toBeVisible();
    });

    await test.step("'Sotuvdan olish' then 'Sotuvga qaytarish' needs no new review (item 3)", async () => {
      await page.goto('/profile');
      await myActions(page, device.name).getByRole('button', { name: 'Sotuvdan olish' }).click();
      await expect(myCard(page, device.name)).toHaveCount(0);
      await page.getByRole('tab', { name: /Sotuvda emas/ }).click();
      await myActions(page, device.name).getByRole('button', { name: 'Sotuvga qaytarish' }).click();
      await expect(page.getByText("E'lon qayta sotuvga qo'yildi", { exact: true })).toBeVisible();
      await page.getByRole('tab', { name: /Faol/ }).click();
      await expect(myCard(page, device.name)).toBeVisible();
      await page.reload();
      await expect(page.getByRole('tab', { name: /Faol\s*1/ })).toBeVisible();
      await expect(myCard(page, device.name)).toBeVisible();
    });

    await test.step('a photo change is announced before saving and sends the listing back to moderation (item 3)', async () => {
      await myActions(page, device.name).getByRole('link', { name: 'Tahrirlash' }).click();
      await page.getByRole('navigation', { name: "Nimani o'zgartirasiz?" }).getByRole('button', { name: 'Rasmlar' }).click();
      await expect(page.getByText("Qurilma, rasmlar yoki holat o'zgarsa, e'lon qayta tekshiruvga yuboriladi.")).toBeVisible();
      await page.getByRole('button', { name: "2-rasmni o'chirish" }).click();
      await page.getByRole('navigation', { name: "Nimani o'zgartirasiz?" }).getByRole('button', { name: 'Tarif' }).click();
      await expect(
        page.getByText("Qurilma, rasmlar yoki holat o'zgardi: saqlangach e'lon qayta tekshiruvga yuboriladi va tasdiqlanguncha saytda ko'rinmaydi."),
      ).toBeVisible();
      await page.getByRole('region', { name: 'Tarifni tanlang' }).getByRole('button', { name: 'Saqlash' }).click();
      await page.getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL('/profile?tab=waiting');
      await expect(myCard(page, device.name)).toBeVisible();
    });
  });

  test("'E'lon berish' offers the latest unfinished draft, or starting over, which deletes it (item 4)", async ({ seller: { page }, listings }) => {
    const run = Date.now().toString(36);
    const device = await listings.createDevice(await listings.createBrand(`E2E qoralama ${run}`), `Qoralama ${run}`, [{ name: 'Display size', value: '6.1"' }]);
    await page.goto('/profile/phone/add');
    await page.getByLabel('Qurilma nomi').fill(device.name);
    // The next step keeps the draft: leaving before the server answered would cut the save off mid-way.
    const kept = page.waitForResponse((response) => response.url().endsWith('/api/phone/draft') && response.request().method() === 'POST');
    await page.getByRole('button', { name: device.name, exact: true }).click();
    await stepHeading(page, 'Narxini kiriting');
    await kept;
    await page.goto('/profile?tab=draft');
    await expect(page.getByRole('tab', { name: /Qoralama\s*1/ })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: "E'lon berish" }).click();
    const offer = page.getByRole('region', { name: "Tugallanmagan e'loningiz bor" });
    await expect(offer.getByText(device.name)).toBeVisible();
    await offer.getByRole('link', { name: 'Davom ettirish' }).click();
    await stepHeading(page, 'Narxini kiriting');

    await page.goto('/profile/phone/add');
    await page.getByRole('button', { name: "Yangidan boshlash (qoralama o'chiriladi)" }).click();
    await stepHeading(page, 'Qurilmani tanlang');
    await page.goto('/profile?tab=draft');
    await expect(page.getByRole('tab', { name: /Qoralama\s*0/ })).toBeVisible();
  });

  test('a file that is not a picture as the avatar is called that, not a server fault (item 5)', async ({ seller: { page } }) => {
    await page.goto('/profile/settings');
    await expect(page.getByLabel('Jinsi')).toBeVisible();
    expect(await smallTouchTargets(page), 'the settings on a phone (item 15)').toEqual([]);
    await page.getByLabel('Rasm yuklash').setInputFiles({ name: 'rezyume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n'.repeat(40)) });
    await expect(page.getByText('Fayl rasm emas. JPG, PNG yoki WEBP rasm yuklang')).toBeVisible();
    await expect(page.getByText(/Serverda nosozlik/)).toHaveCount(0);
  });
});
