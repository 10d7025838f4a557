import { describe, expect, it } from 'vitest';
import { formatListingPrice, formatPhoneNumber, formatTashkentDateTime, regionLabel } from './format';

/** Intl groups uz-UZ digits with a no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('listing formatting', () => {
  it("shows dollars with '$' and everything else in so'm, grouped and without decimals", () => {
    expect(plain(formatListingPrice(4_500_000, 'uzs'))).toBe("4 500 000 so'm");
    expect(plain(formatListingPrice(350, 'usd'))).toBe('350 $');
    expect(plain(formatListingPrice(1_250, 'eur'))).toBe("1 250 so'm");
    expect(plain(formatListingPrice(999.6, 'uzs'))).toBe("1 000 so'm");
    expect(formatListingPrice(12_000, 'usd')).toBe('12\u00a0000 $');
  });

  it('shows the date and time in Tashkent, not the UTC hour', () => {
    // 20:30 UTC on 1 May is 01:30 on 2 May in Tashkent (UTC+5).
    expect(formatTashkentDateTime('2024-05-01T20:30:00.000Z')).toBe('2024-05-02 01:30');
    expect(formatTashkentDateTime('2024-12-31T07:05:00Z')).toBe('2024-12-31 12:05');
  });

  it('names a region in the chosen language and keeps an unknown one as stored', () => {
    expect(regionLabel('toshkent', 'uz')).toBe('Toshkent');
    expect(regionLabel('toshkent', 'ru')).toBe('Ташкент');
    expect(regionLabel('Mars', 'en')).toBe('Mars');
  });

  it('writes a phone number in groups', () => {
    expect(formatPhoneNumber('998901234567')).toBe('+998 90 123 45 67');
  });
});
