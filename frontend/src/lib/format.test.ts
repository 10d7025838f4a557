import { describe, expect, it } from 'vitest';
import { formatListingPrice, formatPhoneNumber, formatSignedAmount, formatSom, formatTashkentDate, formatTashkentEta, formatTashkentTime, groupDigitsAsTyped } from './format';

/** The amounts group digits with a no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('amounts', () => {
  it("writes so'm grouped by three with no-break spaces and without decimals", () => {
    expect(formatSom(0, 'uz')).toBe("0\u00a0so'm");
    expect(formatSom(39_900, 'uz')).toBe("39\u00a0900\u00a0so'm");
    expect(formatSom(1_250_000.4, 'uz')).toBe("1\u00a0250\u00a0000\u00a0so'm");
  });

  it("writes the so'm as each language does: 'сум' in Russian, so'm in English, the same grouping", () => {
    expect(plain(formatSom(39_900, 'ru'))).toBe('39 900 сум');
    expect(plain(formatSom(39_900, 'en'))).toBe("39 900 so'm");
    expect(plain(formatListingPrice(4_500_000, 'uzs', 'ru'))).toBe('4 500 000 сум');
    expect(plain(formatListingPrice(4_500_000, 'uzs', 'en'))).toBe("4 500 000 so'm");
    expect(plain(formatListingPrice(350, 'usd', 'ru'))).toBe('350 $');
  });

  it('signs ledger amounts: plus for a top-up, a minus sign for a charge', () => {
    expect(plain(formatSignedAmount(50_000))).toBe('+50 000');
    expect(plain(formatSignedAmount(-39_900))).toBe('−39 900');
    expect(formatSignedAmount(0)).toBe('+0');
  });

  it("shows listing prices in dollars with '$' and anything else in so'm", () => {
    expect(plain(formatListingPrice(4_500_000, 'uzs', 'uz'))).toBe("4 500 000 so'm");
    expect(plain(formatListingPrice(350, 'usd', 'uz'))).toBe('350 $');
    expect(plain(formatListingPrice(1_250, 'eur', 'uz'))).toBe("1 250 so'm");
    expect(plain(formatListingPrice(999.6, 'uzs', 'uz'))).toBe("1 000 so'm");
    expect(formatListingPrice(12_000, 'usd', 'uz')).toBe('12\u00a0000 $');
  });
});

describe('price fields', () => {
  it('group the digits as they are typed', () => {
    expect(groupDigitsAsTyped('4500000')).toEqual({ text: '4 500 000', hadFraction: false });
    expect(groupDigitsAsTyped('4 500 00')).toEqual({ text: '450 000', hadFraction: false });
    expect(groupDigitsAsTyped('12a3-4')).toEqual({ text: '1 234', hadFraction: false });
    expect(groupDigitsAsTyped('')).toEqual({ text: '', hadFraction: false });
    expect(groupDigitsAsTyped('007')).toEqual({ text: '7', hadFraction: false });
  });

  it('keep a price whole and tell the field when a decimal point was typed', () => {
    expect(groupDigitsAsTyped('250.5')).toEqual({ text: '250', hadFraction: true });
    expect(groupDigitsAsTyped('$1,250.50')).toEqual({ text: '1 250', hadFraction: true });
    expect(groupDigitsAsTyped('1,250,000')).toEqual({ text: '1 250 000', hadFraction: false });
    expect(groupDigitsAsTyped('250.')).toEqual({ text: '250', hadFraction: false });
    expect(groupDigitsAsTyped('250.00')).toEqual({ text: '250', hadFraction: false });
  });
});

describe('Tashkent time', () => {
  it('shows the date and time in Tashkent, not the UTC hour', () => {
    // 20:30 UTC on 1 May is 01:30 on 2 May in Tashkent (UTC+5).
    expect(formatTashkentTime('2024-05-01T20:30:00.000Z')).toBe('2024-05-02 01:30');
    expect(formatTashkentTime('2024-12-31T07:05:00Z')).toBe('2024-12-31 12:05');
    // A day in Tashkent: after 19:00 UTC it is already the next one.
    expect(formatTashkentDate('2024-05-01T20:30:00.000Z')).toBe('2024-05-02');
  });

  it("shows a queued channel post's time alone when it is due today in Tashkent, with its date otherwise", () => {
    // 19:30 UTC is already the next day in Tashkent.
    const now = new Date('2026-11-24T10:00:00Z');
    expect(formatTashkentEta('2026-11-24T09:20:00Z', now)).toBe('14:20');
    expect(formatTashkentEta('2026-11-24T19:30:00Z', now)).toBe('25.11.2026 00:30');
    expect(formatTashkentEta('2026-12-14T09:20:00Z', now)).toBe('14.12.2026 14:20');
  });

  it('writes the day first for the balance history', () => {
    expect(formatTashkentTime('2025-03-31T20:30:00.000Z', 'day-first')).toBe('01.04.2025 01:30');
    expect(formatTashkentTime('2024-12-31T19:00:00Z', 'day-first')).toBe('01.01.2025 00:00');
  });

  it('reads an offset time as the same moment', () => {
    expect(formatTashkentTime('2024-05-02T01:30:00+05:00')).toBe('2024-05-02 01:30');
  });
});

describe('phone numbers', () => {
  it('writes an Uzbek number the way the +998 mask shows it', () => {
    expect(formatPhoneNumber('998901234567')).toBe('+998 90 123-45-67');
  });

  it('writes it in spaced groups for a contact to call', () => {
    expect(formatPhoneNumber('998901234567', 'spaces')).toBe('+998 90 123 45 67');
  });

  it('leaves other numbers as digits after a plus', () => {
    expect(formatPhoneNumber('77011234567')).toBe('+77011234567');
    expect(formatPhoneNumber('77011234567', 'spaces')).toBe('+77011234567');
  });
});
