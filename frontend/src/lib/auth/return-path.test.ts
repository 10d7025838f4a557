import { describe, expect, it } from 'vitest';
import { returnPathAfterSignIn, signInReturnOf } from './return-path';

describe('the page sign-in returns to', () => {
  it('is the page that asked, with its query', () => {
    const state = signInReturnOf({ pathname: '/profile/phone/add', search: '?draft=1', hash: '', state: null, key: 'k' });
    expect(returnPathAfterSignIn(state)).toBe('/profile/phone/add?draft=1');
  });

  it('is the profile when no page asked', () => {
    expect(returnPathAfterSignIn(null)).toBe('/profile');
    expect(returnPathAfterSignIn({ returnTo: 42 })).toBe('/profile');
  });

  it('is never another site', () => {
    for (const returnTo of ['//evil.example/profile', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(returnPathAfterSignIn({ returnTo })).toBe('/profile');
    }
  });
});
