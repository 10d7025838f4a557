import { expect } from '@playwright/test';
import type { EskizSentSms } from '../../test/fakes/eskiz';
import { received } from './received';

async function smsTo(phoneNumber: string): Promise<EskizSentSms[]> {
  return (await received<EskizSentSms>('eskiz')).filter((sms) => sms.mobile_phone === phoneNumber);
}

/** How many SMS a number has received so far; pass it to `nextSms` to wait for the one after. */
export async function smsCount(phoneNumber: string): Promise<number> {
  return (await smsTo(phoneNumber)).length;
}

/** The text of the SMS number `index` (0-based) sent to `phoneNumber` (12 digits), once it has left. */
export async function nextSms(phoneNumber: string, index: number): Promise<string> {
  await expect.poll(() => smsCount(phoneNumber), { message: `SMS no. ${index + 1} to ${phoneNumber}`, timeout: 15_000, intervals: [100] }).toBeGreaterThan(index);
  return (await smsTo(phoneNumber))[index].message;
}
