import { describe, expect, it } from 'vitest';
import { filtersToQuery, hasActiveFilters, parseFilters, toStoredFilters } from './filter-query';

describe('home filters in the address bar', () => {
  it("reads 'null' and empty values as cleared and defaults the page to 1", () => {
    expect(parseFilters('brand=null&region=&name=null&minPrice=null&page=abc')).toEqual({ page: 1 });
    expect(parseFilters('')).toEqual({ page: 1 });
  });

  it('reads every filter of a pasted address', () => {
    expect(parseFilters('page=3&brand=Samsung&region=toshkent&name=galaxy&minPrice=1 000 000&maxPrice=5000000')).toEqual({
      page: 3,
      brand: 'Samsung',
      region: 'toshkent',
      name: 'galaxy',
      minPrice: 1_000_000,
      maxPrice: 5_000_000,
    });
  });

  it('writes the page and only the filters that are set', () => {
    expect(filtersToQuery({ page: 1 })).toBe('page=1');
    expect(filtersToQuery({ page: 2, region: 'buxoro', maxPrice: 300 })).toBe('page=2&region=buxoro&maxPrice=300');
    expect(filtersToQuery(parseFilters('page=2&brand=null&name=iphone 13'))).toBe('page=2&name=iphone+13');
  });

  it('tells whether anything but the page is set', () => {
    expect(hasActiveFilters({ page: 4 })).toBe(false);
    expect(hasActiveFilters({ page: 1, minPrice: 0 })).toBe(true);
  });

  it("keeps the spec's shape in local storage", () => {
    expect(toStoredFilters({ page: 2, brand: 'Apple' })).toEqual({
      name: null,
      brand: 'Apple',
      region: null,
      minPrice: null,
      maxPrice: null,
      currentPage: 2,
      query: 'page=2&brand=Apple',
    });
  });
});
