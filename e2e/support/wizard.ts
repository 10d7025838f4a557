import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { completeImei } from '@market/contracts';

let imeisMade = 0;

/** A valid IMEI of its own (15 digits passing the Luhn check) for each call of this run. */
export function newImei(): string {
  imeisMade += 1;
  return completeImei(`35${String(Date.now() % 1e9).padStart(9, '0')}${String(imeisMade).padStart(3, '0')}`);
}

/** A photo as a phone's camera gives one: an 800x600 JPEG of one colour. */
export async function photoJpeg(hue: number): Promise<Buffer> {
  const picture = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="hsl(${hue}, 60%, 55%)"/></svg>`;
  return sharp(Buffer.from(picture)).jpeg({ quality: 85 }).toBuffer();
}

/** The server resizes each upload (sharp): on a loaded two-core machine that outlasts the default ten-second wait. */
const UPLOADED_WITHIN_MS = 30_000;

/** Waits until the photo step shows `count` photos, none still uploading, each tile the server's thumbnail rather than the local file. */
export async function expectPhotosUploaded(page: Page, count: number): Promise<void> {
  await expect(page.getByText(`${count} / 8`)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /rasm yuklanmoqda/ })).toHaveCount(0, { timeout: UPLOADED_WITHIN_MS });
  const fromServer = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('img[alt$="-rasm"]')).every((image) => !image.src.startsWith('blob:') && image.complete && image.naturalWidth > 0),
    );
  await expect.poll(fromServer, { message: "each tile shows the server's thumbnail", intervals: [100], timeout: UPLOADED_WITHIN_MS }).toBe(true);
}

export interface UsedPhoneAnswers {
  /** The grade's label as the wizard shows it, e.g. 'B — yaxshi'. */
  grade?: string;
  battery?: string;
  imei?: string[];
  registered?: boolean;
}

/**
 * Answers what the condition step asks about a used phone (issue 22): its grade and battery
 * health, its IMEIs, whether it is registered in UZIMEI, and the instalment declaration.
 */
export async function describeUsedPhone(page: Page, answers: UsedPhoneAnswers = {}): Promise<void> {
  const { grade = 'B — yaxshi', battery = '90', imei = [newImei()], registered = true } = answers;
  await page.getByRole('group', { name: 'Tashqi holati' }).getByRole('radio', { name: grade }).check();
  await page.getByLabel('Batareya holati, % (ixtiyoriy)').fill(battery);
  await page.getByLabel('IMEI', { exact: true }).fill(imei[0]);
  if (imei[1]) await page.getByLabel(/Ikkinchi IMEI/).fill(imei[1]);
  await page
    .getByRole('group', { name: "Telefon UZIMEI ro'yxatidan o'tganmi?" })
    .getByRole('radio', { name: registered ? 'Ha' : "Yo'q" })
    .check();
  const declaration = page.getByLabel("Telefon muddatli to'lovda (nasiyada) emasligini tasdiqlayman");
  await declaration.check();
  await expect(declaration).toBeChecked();
}

export interface WizardWalk {
  /** How many photos to upload, each a JPEG of its own colour (one unless told). */
  photos?: number;
  /** Answers the condition step; a used phone described with describeUsedPhone's defaults unless told. */
  atCondition?: () => Promise<void>;
  /** Looks at each step once it shows (the model step with the search answered, the photos step with the photos in), then at the success screen. */
  atEachStep?: (step: string) => Promise<void>;
}

const next = (page: Page) => page.getByRole('button', { name: 'Keyingi' }).click();
const stepHeading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();

/**
 * Posts `device` (a model without memory or colour to choose) through the wizard from its model
 * search to the success screen and its OK, as a signed-in seller; answers the new listing's id,
 * read from its card under 'Tekshiruvda'.
 */
export async function postUsedPhone(page: Page, device: { name: string }, walk: WizardWalk = {}): Promise<string> {
  const { photos = 1, atCondition = () => describeUsedPhone(page), atEachStep = async () => {} } = walk;
  await page.goto('/profile/phone/add');
  await page.getByLabel('Qurilma nomi').fill(device.name);
  await expect(page.getByRole('button', { name: device.name, exact: true })).toBeVisible();
  await atEachStep('the model step');
  await page.getByRole('button', { name: device.name, exact: true }).click();
  await stepHeading(page, 'Narxini kiriting');
  await atEachStep('the price step');
  await page.getByLabel('Narxi', { exact: true }).fill('2 900 000');
  await next(page);
  await stepHeading(page, 'Tavsif yozing');
  await atEachStep('the description step');
  await page.getByLabel('Tavsif', { exact: true }).fill('Yaxshi holatda, hamma narsasi ishlaydi.');
  await next(page);
  await stepHeading(page, "Aloqa ma'lumotlari");
  await atEachStep('the contact step');
  await page.getByLabel('Ismingiz').fill('Sardor');
  await next(page);
  await stepHeading(page, 'Hududni tanlang');
  await atEachStep('the region step');
  await page.getByRole('radio', { name: 'Toshkent' }).check();
  await next(page);
  await stepHeading(page, 'Rasmlarni yuklang');
  const files = [];
  for (let index = 0; index < photos; index++) files.push({ name: `telefon-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer: await photoJpeg(index * 97) });
  await page.getByLabel(/Rasm qo'shish/).setInputFiles(files);
  await expectPhotosUploaded(page, photos);
  await atEachStep('the photos step');
  await next(page);
  await stepHeading(page, 'Holati va yetkazib berish');
  await atEachStep('the condition step');
  await atCondition();
  await next(page);
  await stepHeading(page, 'Tarifni tanlang');
  await atEachStep('the tariff step');
  await page.getByRole('button', { name: "E'lon berish" }).click();
  await expect(page.getByRole('heading', { name: "E'longiz yaratildi." })).toBeVisible();
  await atEachStep('the success screen');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('/profile?tab=waiting');
  const href = await page.getByRole('tabpanel').getByRole('article').filter({ hasText: device.name }).getByRole('link').first().getAttribute('href');
  return href!.split('/').pop()!;
}
