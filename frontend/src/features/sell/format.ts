import { formatListingPrice } from '@market/contracts';

export { formatListingPrice };

/** An amount of so'm (a tariff, the balance) written like a so'm price. */
export function formatSum(amount: number): string {
  return formatListingPrice(amount, 'uzs');
}
