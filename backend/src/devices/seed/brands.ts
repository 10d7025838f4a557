import type { BrandDefaults } from '../../categories/categories.service';

/**
 * How the seed creates the brands it needs: a colour each and the order on the categories
 * page (roughly what sells most in Uzbekistan first). Admins may change both afterwards.
 * A series a maker sells under its own name belongs to that brand (issue 36 item 4, docs/catalogue-and-search.md).
 */
const KNOWN_BRANDS: readonly BrandDefaults[] = [
  { name: 'Samsung', color: '#1428A0', number: 1 },
  { name: 'Apple', color: '#1D1D1F', number: 2 },
  { name: 'Xiaomi', color: '#FF6900', number: 3 },
  { name: 'Redmi', color: '#E4002B', number: 4, parent: 'Xiaomi' },
  { name: 'POCO', color: '#F5B400', number: 5, parent: 'Xiaomi' },
  { name: 'Honor', color: '#0070C9', number: 6 },
  { name: 'Huawei', color: '#CF0A2C', number: 7 },
  { name: 'Tecno', color: '#0057FF', number: 8 },
  { name: 'Infinix', color: '#00A650', number: 9 },
  { name: 'Vivo', color: '#415FFF', number: 10 },
  { name: 'Realme', color: '#FFC915', number: 11 },
  { name: 'OPPO', color: '#1BA784', number: 12 },
  { name: 'Google', color: '#4285F4', number: 13 },
  { name: 'OnePlus', color: '#EB0028', number: 14 },
  { name: 'Nokia', color: '#124191', number: 15 },
  { name: 'Motorola', color: '#5C6BC0', number: 16 },
  { name: 'Nothing', color: '#000000', number: 17 },
];

const OTHER_BRAND_COLOR = '#6B7280';
const OTHER_BRANDS_FIRST_NUMBER = 100;

/** Defaults for each brand the seed names; brands not listed above follow the known ones. */
export function brandDefaults(brandNames: readonly string[]): BrandDefaults[] {
  const known = new Map(KNOWN_BRANDS.map((brand) => [brand.name.toLowerCase(), brand]));
  let nextNumber = OTHER_BRANDS_FIRST_NUMBER;
  return [...new Set(brandNames)].sort().map((name) => {
    const brand = known.get(name.toLowerCase());
    return brand ?? { name, color: OTHER_BRAND_COLOR, number: nextNumber++ };
  });
}
