import type { EskizSentSms } from '../../test/fakes/eskiz';
import { received, waitForReceived } from './received';

/** How many SMS a number has received so far; pass it to `nextSms` to wait for the one after. */
export async function smsCount(phoneNumber: string): Promise<number> {
  return (await received<EskizSentSms>('eskiz')).filter((sms) => sms.mobile_phone === phoneNumber).length;
}

/** The text of the SMS number `index` (0-based) sent to `phoneNumber` (12 digits), once it has left. */
export function nextSms(phoneNumber: string, index: number): Promise<string> {
  return waitForReceived<EskizSentSms, string>('eskiz', (sent) => sent.filter((sms) => sms.mobile_phone === phoneNumber)[index]?.message);
}
