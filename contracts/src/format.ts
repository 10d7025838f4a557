import type { Currency } from './listing-constants';

/**
 * A whole amount grouped by three with a no-break space, as uz-UZ writes it (4 500 000).
 * Done by hand rather than with Intl: browsers without Uzbek locale data (Debian's
 * Chromium) would print 4,500,000, and the server and the page must agree.
 */
export function formatAmount(amount: number): string {
  const sign = amount < 0 ? '−' : '';
  return sign + String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
}

/** A listing price as the spec shows it: no decimals, '$' for dollars and so'm otherwise. */
export function formatListingPrice(price: number, currency: Currency | string): string {
  return currency === 'usd' ? `${formatAmount(price)} $` : `${formatAmount(price)} so'm`;
}
