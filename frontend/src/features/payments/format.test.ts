import { describe, expect, it } from 'vitest';
import { LIMITS } from '@market/contracts';
import { formatCommission, initialTopUpAmount } from './format';

const normalised = (text: string) => text.replace(/\s/g, ' ');

describe('payment formats', () => {
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
