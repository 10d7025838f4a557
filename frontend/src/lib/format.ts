import { formatAmount } from '@market/contracts';

/**
 * The app's formatters: amounts of so'm, times in Tashkent and phone numbers. Amounts are the
 * contracts' (`formatAmount`, `formatSom` and `formatListingPrice`, each in the reader's
 * language), so the page and the server (channel posts, SMS, the bot) agree. One module: a
 * shared chunk of its own would cost every page more than the few functions a page does not use.
 */
export { formatAmount, formatListingPrice, formatSom, groupDigitsAsTyped } from '@market/contracts';

/** A ledger entry's amount with its sign, '+50 000' for a top-up, '−39 900' for a charge; the unit is the page's text. */
export function formatSignedAmount(amount: number): string {
  return amount < 0 ? formatAmount(amount) : `+${formatAmount(amount)}`;
}

/** Tashkent has kept UTC+5 all year since 1992. */
const TASHKENT_OFFSET_MS = 5 * 60 * 60 * 1000;

/**
 * A moment in Tashkent time, whatever the browser's zone: 'YYYY-MM-DD HH:mm' (listings, as the
 * spec shows them) or 'DD.MM.YYYY HH:mm' (the balance history). Plain arithmetic: an Intl
 * formatter with a time zone costs a phone ~100 ms of time zone data on the first page.
 */
export function formatTashkentTime(iso: string, order: 'year-first' | 'day-first' = 'year-first'): string {
  const [date, time] = new Date(Date.parse(iso) + TASHKENT_OFFSET_MS).toISOString().slice(0, 16).split('T');
  if (order === 'year-first') return `${date} ${time}`;
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year} ${time}`;
}

/** A day in Tashkent, as listings' dates are written: 'YYYY-MM-DD' (e.g. a seller's member-since). */
export function formatTashkentDate(iso: string): string {
  return formatTashkentTime(iso).slice(0, 10);
}

/**
 * A 12-digit Uzbek number (998901234567) as the +998 input mask shows it, "+998 90 123-45-67",
 * where a text repeats what was typed; `spaces` as it is written for reading and dialling,
 * "+998 90 123 45 67" (a listing's contact). Anything else as its digits after a plus.
 */
export function formatPhoneNumber(digits: string, style: 'mask' | 'spaces' = 'mask'): string {
  const parts = /^(998)(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  if (!parts) return `+${digits}`;
  const [, country, operator, first, second, third] = parts;
  return style === 'mask' ? `+${country} ${operator} ${first}-${second}-${third}` : `+${country} ${operator} ${first} ${second} ${third}`;
}

/** When a queued channel post is due, in Tashkent time: 'HH:mm' today, else 'DD.MM.YYYY HH:mm'. */
export function formatTashkentEta(iso: string, now = new Date()): string {
  const due = formatTashkentTime(iso, 'day-first');
  return due.slice(0, 10) === formatTashkentTime(now.toISOString(), 'day-first').slice(0, 10) ? due.slice(11) : due;
}
