import type { Currency } from './listing';

const UZ_NUMBER = new Intl.NumberFormat('uz-UZ', { maximumFractionDigits: 0 });

/** A whole amount with uz-UZ grouping and no decimals, as every price and balance is shown. */
export function formatAmount(amount: number): string {
  return UZ_NUMBER.format(amount);
}

/** A listing price with its currency sign: '$450' for dollars, "6 500 000 so'm" otherwise. */
export function formatListingPrice(price: number, currency: Currency): string {
  return currency === 'usd' ? `$${formatAmount(price)}` : `${formatAmount(price)} so'm`;
}
