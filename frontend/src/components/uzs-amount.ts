/**
 * An amount of so'm as the spec shows balances: uz-UZ style, no decimals ("1 250 000 so'm").
 * Written out rather than left to Intl: browsers built without Uzbek locale data would
 * show "UZS 1,250,000".
 */
export function formatUzs(amount: number): string {
  const digits = Math.round(Math.abs(amount))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${amount < 0 ? '−' : ''}${digits}\u00a0so'm`;
}
