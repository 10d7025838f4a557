import { describe, expect, it } from 'vitest';
import type { Category } from '@market/contracts';
import { withCategory, withoutCategory } from './categories-cache';

function category(id: string, name: string, number: number): Category {
  return { _id: id, name, number, color: '#000000', description: null, image: null, parent: null, PhonesCount: 0, devicesCount: 0 };
}

const apple = category('a', 'Apple', 1);
const samsung = category('s', 'Samsung', 2);
const xiaomi = category('x', 'Xiaomi', 3);

describe('the cached category list', () => {
  it('adds a new category in page order', () => {
    expect(withCategory([apple, xiaomi], samsung).map((item) => item.name)).toEqual(['Apple', 'Samsung', 'Xiaomi']);
  });

  it('replaces an edited category by id and moves it when its number changed', () => {
    const renamed = { ...apple, name: 'Apple Inc', number: 5 };
    expect(withCategory([apple, samsung, xiaomi], renamed).map((item) => item.name)).toEqual(['Samsung', 'Xiaomi', 'Apple Inc']);
  });

  it('orders categories with the same number by name, as the API does', () => {
    expect(withCategory([category('z', 'Zte', 1)], apple).map((item) => item.name)).toEqual(['Apple', 'Zte']);
  });

  it('removes a deleted category', () => {
    expect(withoutCategory([apple, samsung], 'a')).toEqual([samsung]);
  });
});
