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
