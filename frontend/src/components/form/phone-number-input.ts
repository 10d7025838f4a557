import { LIMITS } from '@market/contracts';

/** Uzbekistan's calling code: the field shows it before the input, so nobody types it (but many do). */
export const COUNTRY_CODE = '998';

/** The digits after +998: operator code and subscriber number. */
const NATIONAL_LENGTH = LIMITS.phoneDigits - COUNTRY_CODE.length;

/**
 * The national digits (at most 9) of what the field holds after a keystroke, a paste or an
 * autofill: with or without +998, spaces, dashes or brackets. More than 9 digits starting
 * with 998 carry the country code, which is dropped: typing '998935554421' or
 * '+998 93 555 44 21' ends as 935554421, like pasting either.
 */
export function nationalDigits(text: string): string {
  return splitCountryCode(text.replace(/\D/g, '')).national;
}

function splitCountryCode(digits: string): { national: string; droppedDigits: number } {
  const droppedDigits = digits.length > NATIONAL_LENGTH && digits.startsWith(COUNTRY_CODE) ? COUNTRY_CODE.length : 0;
  return { national: digits.slice(droppedDigits, droppedDigits + NATIONAL_LENGTH), droppedDigits };
}

/** Whether pasted text is a whole number (which replaces the field) rather than a fragment to insert. */
export function isWholePhoneNumber(text: string): boolean {
  return text.replace(/\D/g, '').length >= NATIONAL_LENGTH;
}

/** The national digits as the spec's mask groups them, as far as they go: '90 123-45-67'. */
export function formatNationalDigits(digits: string): string {
  const groups = [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 7), digits.slice(7, 9)].filter(Boolean);
  return groups.map((group, index) => (index === 0 ? group : `${index === 1 ? ' ' : '-'}${group}`)).join('');
}

/** The 12 digits the forms send ('998901234567'); empty for an empty field, so 'required' says it. */
export function phoneNumberOf(national: string): string {
  return national ? COUNTRY_CODE + national : '';
}

/** The national digits of a form value (12 digits, a partial number, or empty). */
export function nationalDigitsOf(phoneNumber: string): string {
  return phoneNumber.startsWith(COUNTRY_CODE) ? phoneNumber.slice(COUNTRY_CODE.length) : phoneNumber;
}

/** Where the caret goes in `formatted`: after its `digitCount`-th digit (the mask's spaces and dashes move it). */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]) && (seen += 1) === digitCount) return index + 1;
  }
  return formatted.length;
}

export interface PhoneFieldEdit {
  /** The raw text the input holds after the user's edit. */
  text: string;
  /** The caret in `text`. */
  caret: number;
  /** Backspace removed only a space or dash of the mask: the digit before it goes instead. */
  removedSeparatorBackward: boolean;
}

/** The field after an edit: its national digits and where the caret goes in their formatted text. */
export function applyPhoneFieldEdit({ text, caret, removedSeparatorBackward }: PhoneFieldEdit): { national: string; caret: number } {
  const split = splitCountryCode(text.replace(/\D/g, ''));
  let national = split.national;
  const typedBeforeCaret = text.slice(0, caret).replace(/\D/g, '').length - split.droppedDigits;
  let digitsBeforeCaret = Math.max(0, Math.min(typedBeforeCaret, national.length));
  if (removedSeparatorBackward && digitsBeforeCaret > 0) {
    national = national.slice(0, digitsBeforeCaret - 1) + national.slice(digitsBeforeCaret);
    digitsBeforeCaret -= 1;
  }
  return { national, caret: caretAfterDigits(formatNationalDigits(national), digitsBeforeCaret) };
}
