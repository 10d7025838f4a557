import { describe, expect, it } from 'vitest';
import { formatListingPrice, formatPhoneNumber, formatSignedAmount, formatTashkentTime, formatUzs } from './format';

/** The amounts group digits with a no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('amounts', () => {
  it("writes so'm grouped by three with no-break spaces and without decimals", () => {
    expect(formatUzs(0)).toBe("0\u00a0so'm");
    expect(formatUzs(39_900)).toBe("39\u00a0900\u00a0so'm");
    expect(formatUzs(1_250_000.4)).toBe("1\u00a0250\u00a0000\u00a0so'm");
  });

  it('signs ledger amounts: plus for a top-up, a minus sign for a charge', () => {
    expect(plain(formatSignedAmount(50_000))).toBe('+50 000');
    expect(plain(formatSignedAmount(-39_900))).toBe('−39 900');
    expect(formatSignedAmount(0)).toBe('+0');
  });

  it("shows listing prices in dollars with '$' and anything else in so'm", () => {
    expect(plain(formatListingPrice(4_500_000, 'uzs'))).toBe("4 500 000 so'm");
    expect(plain(formatListingPrice(350, 'usd'))).toBe('350 $');
    expect(plain(formatListingPrice(1_250, 'eur'))).toBe("1 250 so'm");
    expect(plain(formatListingPrice(999.6, 'uzs'))).toBe("1 000 so'm");
    expect(formatListingPrice(12_000, 'usd')).toBe('12\u00a0000 $');
  });
});

describe('Tashkent time', () => {
  it('shows the date and time in Tashkent, not the UTC hour', () => {
    // 20:30 UTC on 1 May is 01:30 on 2 May in Tashkent (UTC+5).
    expect(formatTashkentTime('2024-05-01T20:30:00.000Z')).toBe('2024-05-02 01:30');
    expect(formatTashkentTime('2024-12-31T07:05:00Z')).toBe('2024-12-31 12:05');
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
