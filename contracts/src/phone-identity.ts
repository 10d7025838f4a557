import { z } from 'zod';
import { BATTERY_MAX, BATTERY_MIN, CONDITION_GRADES } from './listing-constants';
import { luhnValid } from './payments';

/*
 * What a used phone's listing says about the phone itself (issue 22): its IMEIs, whether it is
 * registered in UZIMEI, its condition grade and its battery health.
 */

/** A dual-SIM phone has two IMEIs; `*#06#` shows them. */
export const IMEI_MAX = 2;

/**
 * One IMEI as typed: spaces, dashes and slashes dropped; 15 digits passing the Luhn check. A
 * 15-digit entry that fails the check is told so (`imeiCheckDigit`): 'must be 15 digits' would
 * be wrong for it, and a mistyped digit is the usual cause.
 */
export const imeiSchema = z
  .string({ error: 'imeiInvalid' })
  .transform((value) => value.replace(/[\s\-/]/g, ''))
  .pipe(z.string().regex(/^\d{15}$/, 'imeiInvalid').refine(luhnValid, 'imeiCheckDigit'));

/** One or two IMEIs, each once; empty entries (a second field left blank) are dropped. */
export const imeiListSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value.filter((entry) => !(typeof entry === 'string' && entry.trim() === '')) : value),
  z
    .array(imeiSchema, { error: (issue) => (issue.input === undefined ? 'required' : 'imeiInvalid') })
    .max(IMEI_MAX, 'imeiTooMany')
    .refine((imeis) => new Set(imeis).size === imeis.length, 'imeiRepeated'),
);

/** All buyers ever see of an IMEI. */
export function imeiLast4(imei: string): string {
  return imei.slice(-4);
}

export const conditionGradeSchema = z.enum(CONDITION_GRADES, { error: 'invalidValue' });

/** Battery health in %, as the phone's settings show it; optional. */
export const batterySchema = z.coerce
  .number({ error: 'batteryRange' })
  .int('batteryRange')
  .min(BATTERY_MIN, 'batteryRange')
  .max(BATTERY_MAX, 'batteryRange');

/** The IMEI made of 14 digits and the Luhn check digit they need (demo listings and tests make valid IMEIs with it). */
export function completeImei(body: string): string {
  return body + [...'0123456789'].find((digit) => luhnValid(body + digit))!;
}
