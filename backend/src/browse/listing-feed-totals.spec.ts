import { BrandFamilies } from '../categories/brand-families';
import { FeedTotals } from './listing-feed-totals';

interface Variant {
  storage: string | null;
  condition: boolean;
  document: boolean;
  shipping: boolean;
  valut: 'uzs' | 'usd';
  grade: 'A' | 'B' | 'C' | null;
  battery: number | null;
  prices: number[];
}

function variant(change: Partial<Variant>): Variant {
  return { storage: '128GB', condition: false, document: false, shipping: false, valut: 'uzs', grade: null, battery: null, prices: [1_000_000], ...change };
}

/** A snapshot row as FEED_TOTALS_SQL gives it: a model in a region, its variants in one text. */
function group(variants: Variant[], change: Partial<{ category_id: string; device_id: string; region: string }> = {}) {
  const text = (value: Variant) =>
    [value.storage ?? '', Number(value.condition), Number(value.document), Number(value.shipping), value.valut, value.grade ?? '', value.battery ?? '', value.prices.join(',')].join('\x1f');
  return { category_id: 'brand', device_id: 'model', region: 'toshkent', variants: variants.map(text).join('\x1e'), ...change };
}

const read = (rows: unknown[]) =>
  FeedTotals.read(
    async <Row>() => rows as Row[],
    new BrandFamilies([
      { id: 'brand', name: 'Brand', parent_id: null },
      { id: 'other', name: 'Other', parent_id: null },
      { id: 'series', name: 'Series', parent_id: 'brand' },
    ]),
  );

describe('the feed totals', () => {
  it('counts the variants of a grade and at least a battery health, leaving out listings that gave none', async () => {
    const totals = await read([
      group([
        variant({ grade: 'A', battery: 95, prices: [2_000_000, 1_000_000] }),
        variant({ grade: 'A', battery: 80, prices: [3_000_000] }),
        variant({ grade: 'B', battery: 90, prices: [4_000_000] }),
        variant({ prices: [5_000_000] }),
      ]),
    ]);
    expect(totals.count({})).toBe(5);
    expect(totals.count({ grade: 'A' })).toBe(3);
    expect(totals.count({ minBattery: 85 })).toBe(3);
    expect(totals.count({ grade: 'A', minBattery: 85 })).toBe(2);
    expect(totals.count({ grade: 'A', minBattery: 85, maxPrice: 1_500_000 })).toBe(1);
    expect(totals.count({ grade: 'C' })).toBe(0);
  });

  it('counts storage, new or used, box, delivery and currency together with a brand, a region and price bounds', async () => {
    const totals = await read([
      group([
        variant({ storage: '128GB', prices: [1_000_000, 3_000_000, 2_000_000] }),
        variant({ storage: '256GB', condition: true, document: true, prices: [4_000_000] }),
        variant({ storage: null, shipping: true, valut: 'usd', prices: [3_795_000] }),
      ]),
      group([variant({ storage: '256GB', document: true, prices: [6_000_000, 5_000_000] })], { region: 'samarqand', device_id: 'model 2' }),
      group([variant({ storage: '256GB', prices: [7_000_000] })], { category_id: 'other', device_id: 'model 3' }),
    ]);
    expect(totals.listings).toBe(8);
    expect(totals.count({ storage: '256GB' })).toBe(4);
    expect(totals.count({ storage: '256GB', categoryId: 'brand' })).toBe(3);
    expect(totals.count({ storage: '256GB', region: 'toshkent' })).toBe(2);
    expect(totals.count({ storage: '256GB', document: true, minPrice: 4_500_000 })).toBe(2);
    expect(totals.count({ storage: '1TB' })).toBe(0);
    expect(totals.count({ condition: 'new' })).toBe(1);
    expect(totals.count({ condition: 'used' })).toBe(7);
    expect(totals.count({ shipping: true, valut: 'usd' })).toBe(1);
    expect(totals.count({ valut: 'uzs', minPrice: 2_000_000, maxPrice: 5_000_000 })).toBe(4);
    expect(totals.count({ deviceIds: ['model', 'model 2'], minPrice: 3_000_000 })).toBe(5);
    expect(totals.count({ categoryId: 'brand', maxPrice: 2_000_000 })).toBe(2);
    expect(totals.brandIds('Other')).toEqual(['other']);
    expect(totals.brandIds('brand')).toEqual(['brand', 'series']);
    expect(totals.brandIds('Nokia')).toEqual([]);
  });

  it('counts price bounds with a brand, a region or neither as the listings themselves count', async () => {
    const listings = [
      { category_id: 'brand', device_id: 'model', region: 'toshkent', prices: [1_000_000, 3_000_000, 5_000_000], storage: '128GB' },
      { category_id: 'brand', device_id: 'model', region: 'toshkent', prices: [1_500_000, 3_500_000], storage: '256GB' },
      { category_id: 'brand', device_id: 'model 2', region: 'samarqand', prices: [2_000_000, 6_000_000], storage: '128GB' },
      { category_id: 'other', device_id: 'model 3', region: 'toshkent', prices: [3_000_000, 7_000_000], storage: '128GB' },
      { category_id: 'other', device_id: 'model 4', region: 'samarqand', prices: [500_000, 4_500_000], storage: '128GB' },
    ];
    const totals = await read(listings.map(({ prices, storage, ...where }) => group([variant({ prices, storage })], where)));
    const scopes: Array<{ categoryId?: string; region?: string }> = [{}, { categoryId: 'brand' }, { categoryId: 'other' }, { categoryId: 'none' }, { region: 'samarqand' }, { region: 'andijon' }];
    const bounds: Array<{ minPrice?: number; maxPrice?: number }> = [{}, { minPrice: 2_000_000 }, { maxPrice: 3_500_000 }, { minPrice: 1_500_000, maxPrice: 5_500_000 }, { minPrice: 9_000_000 }];
    for (const scope of scopes) {
      for (const bound of bounds) {
        const counted = listings
          .filter((listing) => (scope.categoryId ?? listing.category_id) === listing.category_id && (scope.region ?? listing.region) === listing.region)
          .flatMap((listing) => listing.prices)
          .filter((price) => price >= (bound.minPrice ?? 0) && price <= (bound.maxPrice ?? Infinity)).length;
        expect([scope, bound, totals.count({ ...scope, ...bound })]).toEqual([scope, bound, counted]);
      }
    }
  });
});
