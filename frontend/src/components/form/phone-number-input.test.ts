import { describe, expect, it } from 'vitest';
import { applyPhoneFieldEdit, formatNationalDigits, isWholePhoneNumber, nationalDigits, nationalDigitsOf, phoneNumberOf } from './phone-number-input';

/** The field as a browser edits it: `selection` is what the keystroke or paste replaces. */
interface Field {
  text: string;
  selection: [number, number];
}

function insert({ text, selection: [start, end] }: Field, typed: string): Field {
  const raw = text.slice(0, start) + typed + text.slice(end);
  const edit = applyPhoneFieldEdit({ text: raw, caret: start + typed.length, removedSeparatorBackward: false });
  const formatted = formatNationalDigits(edit.national);
  return { text: formatted, selection: [edit.caret, edit.caret] };
}

function backspace({ text, selection: [start, end] }: Field): Field {
  const from = start === end ? start - 1 : start;
  const raw = text.slice(0, from) + text.slice(end);
  const removedSeparatorBackward = nationalDigits(raw) === nationalDigits(text);
  const edit = applyPhoneFieldEdit({ text: raw, caret: from, removedSeparatorBackward });
  return { text: formatNationalDigits(edit.national), selection: [edit.caret, edit.caret] };
}

/** Key by key, as a keyboard or a phone's keypad does. */
function typeEach(field: Field, keys: string): Field {
  return [...keys].reduce(insert, field);
}

/** The 12 digits the form would send. */
function sent(field: Field): string {
  return phoneNumberOf(nationalDigits(field.text));
}

const empty: Field = { text: '', selection: [0, 0] };
/** Tab (or the keypad's 'Next') selects what the field holds. */
const tabbedInto = (text: string): Field => ({ text, selection: [0, text.length] });

describe('the phone field', () => {
  const ways: Array<[string, (keys: string) => Field]> = [
    ['typed after a tap', (keys) => typeEach(empty, keys)],
    ['typed after Tab', (keys) => typeEach(tabbedInto(''), keys)],
    ['typed over a number after Tab', (keys) => typeEach(tabbedInto('90 123-45-67'), keys)],
    ['pasted', (keys) => insert(empty, keys)],
    ['pasted over a number', (keys) => insert(tabbedInto('90 123-45-67'), keys)],
  ];
  const numbers = ['935554421', '93 555 44 21', '93 555-44-21', '+998 93 555 44 21', '998935554421', '+998935554421', '(93) 555-44-21', '+998 (93) 555-44-21'];

  for (const [way, enter] of ways) {
    it.each(numbers)(`gives 998935554421 for '%s' ${way}`, (number) => {
      const field = enter(number);
      expect(sent(field)).toBe('998935554421');
      expect(field.text).toBe('93 555-44-21');
    });
  }

  it('keeps a number of operator 99 whose subscriber part starts with 8', () => {
    expect(sent(typeEach(empty, '998123456'))).toBe('998998123456');
    expect(sent(typeEach(empty, '+998 99 812 34 56'))).toBe('998998123456');
  });

  it('groups the digits as they are typed', () => {
    expect(typeEach(empty, '9').text).toBe('9');
    expect(typeEach(empty, '901').text).toBe('90 1');
    expect(typeEach(empty, '901234').text).toBe('90 123-4');
    expect(typeEach(empty, '90123456').text).toBe('90 123-45-6');
  });

  it('takes no tenth digit', () => {
    expect(sent(typeEach(empty, '9012345678'))).toBe('998901234567');
  });

  it('backspace over a dash removes the digit before it', () => {
    const field = typeEach(empty, '901234');
    const atDash: Field = { text: field.text, selection: [6, 6] };
    expect(atDash.text.slice(0, 7)).toBe('90 123-');
    expect(backspace(atDash).text).toBe('90 124');
  });

  it('edits in the middle keep the caret after the digit typed', () => {
    const field = insert({ text: '90 123-45-6', selection: [3, 3] }, '7');
    expect(field.text).toBe('90 712-34-56');
    expect(field.selection).toEqual([4, 4]);
  });

  it('sends nothing for an empty field, so the form says the number is required', () => {
    expect(sent(backspace(typeEach(empty, '9')))).toBe('');
  });

  it('shows a stored number without the country code the field shows before it', () => {
    expect(formatNationalDigits(nationalDigitsOf('998901234567'))).toBe('90 123-45-67');
  });

  it('tells a whole pasted number from a fragment', () => {
    expect(isWholePhoneNumber('+998 90 123 45 67')).toBe(true);
    expect(isWholePhoneNumber('90 123 45 67')).toBe(true);
    expect(isWholePhoneNumber('45 67')).toBe(false);
  });
});
