import { describe, expect, it } from 'vitest';
import { listingQueryString } from '@market/contracts';
import { drawerFilterCount, hasActiveFilters, parseFilters, toStoredFilters } from './filter-query';

describe('home filters in the address bar', () => {
  it("reads 'null' and empty values as cleared and defaults the page to 1", () => {
    expect(parseFilters('brand=null&region=&name=null&minPrice=null&page=abc')).toEqual({ page: 1, sort: 'newest' });
    expect(parseFilters('')).toEqual({ page: 1, sort: 'newest' });
  });

  it('reads every filter of a pasted address', () => {
    expect(parseFilters('page=3&brand=Samsung&region=toshkent&name=galaxy&minPrice=1 000 000&maxPrice=5000000')).toEqual({
      page: 3,
      brand: 'Samsung',
      region: 'toshkent',
      name: 'galaxy',
      minPrice: 1_000_000,
      maxPrice: 5_000_000,
      sort: 'newest',
    });
  });

  it('reads the order and the buyers\' filters; junk in them is no filter', () => {
    expect(parseFilters('sort=price_asc&storage=256gb&condition=new&document=true&shipping=1&valut=usd')).toEqual({
      page: 1,
      sort: 'price_asc',
      storage: '256GB',
      condition: 'new',
      document: true,
      shipping: true,
      valut: 'usd',
    });
    expect(parseFilters('sort=cheap&storage=lots&condition=mint&document=false&shipping=no&valut=eur')).toEqual({ page: 1, sort: 'newest' });
  });

  it('writes the page and only the filters that are set', () => {
    expect(listingQueryString({ page: 1 })).toBe('page=1');
    expect(listingQueryString({ page: 2, region: 'buxoro', maxPrice: 300 })).toBe('page=2&region=buxoro&maxPrice=300');
    expect(listingQueryString(parseFilters('page=2&brand=null&name=iphone 13'))).toBe('page=2&name=iphone+13');
    // The default order is left out; another order and the buyers' filters are written.
    expect(listingQueryString(parseFilters('sort=newest&page=1'))).toBe('page=1');
    expect(listingQueryString({ page: 1, sort: 'price_desc', storage: '256GB', document: true })).toBe('page=1&storage=256GB&document=true&sort=price_desc');
  });

  it('counts the filters the drawer holds, the order included, the name not', () => {
    expect(drawerFilterCount(parseFilters('page=1&name=iphone'))).toBe(0);
    expect(drawerFilterCount(parseFilters('page=1&name=iphone&region=toshkent&storage=128GB&sort=price_asc'))).toBe(3);
  });

  it('tells whether anything but the page is set', () => {
    expect(hasActiveFilters({ page: 4 })).toBe(false);
    expect(hasActiveFilters({ page: 1, minPrice: 0 })).toBe(true);
    expect(hasActiveFilters({ page: 1, shipping: true })).toBe(true);
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
