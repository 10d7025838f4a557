import { formatAmount } from '@market/contracts';

/** An amount of so'm as the spec shows balances: uz-UZ grouping, no decimals ("1 250 000 so'm"). */
export function formatUzs(amount: number): string {
  return `${formatAmount(amount)}\u00a0so'm`;
}
