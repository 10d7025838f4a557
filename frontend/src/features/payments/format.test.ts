import { describe, expect, it } from 'vitest';
import { LIMITS } from '@market/contracts';
import { formatCommission, formatSignedAmount, formatTashkentTime, initialTopUpAmount } from './format';

const normalised = (text: string) => text.replace(/\s/g, ' ');

describe('balance page formats', () => {
  it('shows ledger times in Tashkent time, five hours ahead of UTC', () => {
    expect(formatTashkentTime('2025-03-31T20:30:00.000Z')).toBe('01.04.2025 01:30');
  });

  it('signs ledger amounts and groups them the uz-UZ way', () => {
    expect(normalised(formatSignedAmount(50_000))).toBe('+50 000');
    expect(normalised(formatSignedAmount(-39_900))).toBe('−39 900');
  });

  it('writes commissions as percentages in the reader’s language', () => {
    expect(normalised(formatCommission(0.5, 'en'))).toBe('0.5%');
    expect(normalised(formatCommission(0, 'en'))).toBe('0%');
    expect(formatCommission(1, 'uz')).toMatch(/^1\s?%$/);
  });

  it('keeps a suggested top-up amount within the limits', () => {
    expect(initialTopUpAmount(undefined, LIMITS.topUpMinUzs, LIMITS.topUpMaxUzs)).toBe('');
    expect(initialTopUpAmount(400, LIMITS.topUpMinUzs, LIMITS.topUpMaxUzs)).toBe('1000');
    expect(initialTopUpAmount(39_900.4, LIMITS.topUpMinUzs, LIMITS.topUpMaxUzs)).toBe('39901');
    expect(initialTopUpAmount(5_000_000, LIMITS.topUpMinUzs, LIMITS.topUpMaxUzs)).toBe('1000000');
  });
});
