import { LISTING_REGIONS, type Language } from '@market/contracts';

/** Prices are formatted by the contracts, the same on the page and in channel posts. */
export { formatListingPrice } from '@market/contracts';

/** Tashkent has kept UTC+5 all year since 1992. */
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

/**
 * `YYYY-MM-DD HH:mm` in Tashkent time. The spec cut the UTC string (characters 0-10 and
 * 11-16), which shows a listing posted at 01:30 in Tashkent as the evening before. Plain
 * arithmetic: an Intl formatter with a time zone costs a phone ~100 ms of time zone data on
 * the first page.
 */
export function formatTashkentDateTime(iso: string): string {
  return new Date(Date.parse(iso) + TASHKENT_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
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
