import { describe, expect, it } from 'vitest';
import { regionLabel } from './format';

describe('listing formatting', () => {
  it('names a region in the chosen language and keeps an unknown one as stored', () => {
    expect(regionLabel('toshkent', 'uz')).toBe('Toshkent');
    expect(regionLabel('toshkent', 'ru')).toBe('Ташкент');
    expect(regionLabel('Mars', 'en')).toBe('Mars');
  });
});
