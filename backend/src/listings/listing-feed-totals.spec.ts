import { FeedTotals } from './listing-feed-totals';

/** A snapshot row: one variant of a model in a region, with its prices. */
function row(change: Partial<Record<string, unknown>>) {
  return {
    category_id: 'brand',
    device_id: 'model',
    region: 'toshkent',
    storage: '128GB',
    condition: false,
    document: false,
    shipping: false,
    valut: 'uzs',
    grade: null,
    battery: null,
    prices: '1000000',
    ...change,
  };
}

describe('the feed totals of the grade and battery filters', () => {
  it('counts the variants of a grade and at least a battery health, leaving out listings that gave none', async () => {
    const rows = [
      row({ grade: 'A', battery: 95, prices: '1000000,2000000' }),
      row({ grade: 'A', battery: 80, prices: '3000000' }),
      row({ grade: 'B', battery: 90, prices: '4000000' }),
      row({ prices: '5000000' }),
    ];
    const totals = await FeedTotals.read(async <Row>(sql: string) => (sql.includes('categories') ? [{ id: 'brand', name: 'brand' }] : rows) as Row[]);
    expect(totals.count({})).toBe(5);
    expect(totals.count({ grade: 'A' })).toBe(3);
    expect(totals.count({ minBattery: 85 })).toBe(3);
    expect(totals.count({ grade: 'A', minBattery: 85 })).toBe(2);
    expect(totals.count({ grade: 'A', minBattery: 85, maxPrice: 1_500_000 })).toBe(1);
    expect(totals.count({ grade: 'C' })).toBe(0);
  });
});
