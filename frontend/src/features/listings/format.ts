import { LISTING_REGIONS, type Language } from '@market/contracts';

/** Prices are formatted by the contracts, the same on the page and in channel posts. */
export { formatListingPrice } from '@market/contracts';

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
