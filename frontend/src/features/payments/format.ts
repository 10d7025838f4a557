import type { Language } from '@market/contracts';

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
