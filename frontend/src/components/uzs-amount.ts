const uzs = new Intl.NumberFormat('uz-UZ', { style: 'currency', currency: 'UZS', maximumFractionDigits: 0 });

/** An amount of so'm as the spec shows balances: uz-UZ locale, no decimals ("1 250 000 soʻm"). */
export function formatUzs(amount: number): string {
  return uzs.format(amount);
}
