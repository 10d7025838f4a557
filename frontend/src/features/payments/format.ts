import { formatAmount, type Language } from '@market/contracts';

const tashkentParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tashkent',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A ledger entry's time as people in Uzbekistan read it, whatever the browser's zone: 'DD.MM.YYYY HH:mm'. */
export function formatTashkentTime(iso: string): string {
  const parts = Object.fromEntries(tashkentParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/** A signed ledger amount with uz-UZ grouping: '+50 000' for a top-up, '−39 900' for a charge. */
export function formatSignedAmount(amount: number): string {
  return amount < 0 ? `−${formatAmount(-amount)}` : `+${formatAmount(amount)}`;
}

/** A payment method's commission in the reader's language, e.g. '0,5 %' in Uzbek. */
export function formatCommission(percent: number, language: Language): string {
  const locale = { uz: 'uz-UZ', ru: 'ru-RU', en: 'en-US' }[language];
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}

/** The amount the dialog starts with: the caller's suggestion kept within the top-up limits, or empty. */
export function initialTopUpAmount(suggested: number | undefined, min: number, max: number): string {
  if (suggested === undefined || !Number.isFinite(suggested) || suggested <= 0) return '';
  return String(Math.min(Math.max(Math.ceil(suggested), min), max));
}
