import type { Language } from './languages';
import type { Currency } from './listing-constants';

/**
 * A whole amount grouped by three with a no-break space, as uz-UZ writes it (4 500 000), in
 * every language: one form on the page, in channel posts and SMS. Done by hand rather than with
 * Intl: browsers without Uzbek locale data (Debian's Chromium) would print 4,500,000.
 */
export function formatAmount(amount: number): string {
  const sign = amount < 0 ? '−' : '';
  return sign + String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
}

/** The so'm as each language writes it: 'сум' in Russian, "so'm" in Uzbek and English. */
export const SOM_UNIT: Record<Language, string> = { uz: "so'm", ru: 'сум', en: "so'm" };

/** An amount of so'm (a price, a balance, a tariff): "1 250 000 so'm", "1 250 000 сум". */
export function formatSom(amount: number, language: Language): string {
  return `${formatAmount(amount)}\u00a0${SOM_UNIT[language]}`;
}

/** A listing price as the spec shows it: no decimals, '$' for dollars and so'm otherwise. */
export function formatListingPrice(price: number, currency: Currency | string, language: Language): string {
  return currency === 'usd' ? `${formatAmount(price)} $` : formatSom(price, language);
}

/**
 * A whole number as it is typed into a price field, grouped as it is shown: '4500000',
 * '4,500,000' and '4 500 000' all read '4 500 000'. A price has no decimals: what follows a
 * dot is dropped, and `hadFraction` tells the field to say so (the server refuses it too).
 */
export function groupDigitsAsTyped(text: string): { text: string; hadFraction: boolean } {
  const [whole, ...fraction] = text.split('.');
  const hadFraction = /[1-9]/.test(fraction.join(''));
  const digits = whole.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return { text: digits.replace(/\B(?=(\d{3})+$)/g, ' '), hadFraction };
}
