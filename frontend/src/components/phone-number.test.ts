import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from './phone-number';

describe('formatPhoneNumber', () => {
  it('writes an Uzbek number the way the +998 mask shows it', () => {
    expect(formatPhoneNumber('998901234567')).toBe('+998 90 123-45-67');
  });

  it('leaves other numbers as digits after a plus', () => {
    expect(formatPhoneNumber('77011234567')).toBe('+77011234567');
  });
});
