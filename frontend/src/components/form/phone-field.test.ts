import { describe, expect, it } from 'vitest';
import { pastedPhoneNumber } from './phone-field';

describe('pastedPhoneNumber', () => {
  it('completes a number pasted without the country code', () => {
    expect(pastedPhoneNumber('90 123 45 67')).toBe('998901234567');
    expect(pastedPhoneNumber('(90) 123-45-67')).toBe('998901234567');
  });

  it('keeps a number pasted with the country code', () => {
    expect(pastedPhoneNumber('+998 90 123 45 67')).toBe('998901234567');
    expect(pastedPhoneNumber('998901234567')).toBe('998901234567');
  });

  it('leaves fragments and foreign numbers to the mask', () => {
    expect(pastedPhoneNumber('123')).toBeNull();
    expect(pastedPhoneNumber('+7 701 123 45 67')).toBeNull();
  });
});
