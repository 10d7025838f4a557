import { LISTING_REGIONS, type Currency, type Language } from '@market/contracts';

/**
 * Whole units grouped by three with a no-break space, as the uz-UZ locale writes them
 * (4 500 000). Done by hand: Chromium's reduced ICU data has no Uzbek number symbols and
 * would print 4,500,000.
 */
function groupDigits(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.abs(Math.round(value))).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
}

/** A listing's price as the spec shows it: uz-UZ grouping, no decimals, '$' for dollars and so'm otherwise. */
export function formatListingPrice(price: number, valut: Currency | string): string {
  const digits = groupDigits(price);
  return valut === 'usd' ? `${digits} $` : `${digits} so'm`;
}

const tashkentParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tashkent',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * `YYYY-MM-DD HH:mm` in Tashkent time. The spec cut the UTC string (characters 0-10 and
 * 11-16), which shows a listing posted at 01:30 in Tashkent as the evening before.
 */
export function formatTashkentDateTime(iso: string): string {
  const parts = Object.fromEntries(tashkentParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A region id of a listing in the reader's language; an unknown id is shown as stored. */
export function regionLabel(region: string, language: Language): string {
  return LISTING_REGIONS.find((candidate) => candidate.id === region)?.label[language] ?? region;
}

/** A 12-digit number (998901234567) as people write it: +998 90 123 45 67. */
export function formatPhoneNumber(digits: string): string {
  const match = digits.match(/^(\d{3})(\d{2})(\d{3})(\d{2})(\d{2})$/);
  return match ? `+${match.slice(1).join(' ')}` : `+${digits}`;
}
