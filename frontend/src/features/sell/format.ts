/*
 * Prices as the listing cards show them, from the listings feature: its grouping works around
 * Chromium's missing Uzbek number data, which makes Intl print 3,500,000.
 */
import { formatListingPrice } from '../listings/format';

export { formatListingPrice };

/** An amount of so'm (a tariff, the balance) written like a so'm price. */
export function formatSum(amount: number): string {
  return formatListingPrice(amount, 'uzs');
}
