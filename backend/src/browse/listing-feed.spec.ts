import { topCandidates, type RunningTop } from './listing-feed';

function top(id: string, change: Partial<RunningTop> = {}): RunningTop {
  return { id, category_id: 'brand', device_id: 'model', region: 'toshkent', price_uzs: '5000000', trusted_seller: false, updated_at: 'then', ...change };
}

/** The listings in TOP a filter finds in the snapshot, and whether no query needs to check them (issue 39). */
describe('topCandidates', () => {
  const running = [
    top('first'),
    top('other region', { region: 'samarqand' }),
    top('other brand', { category_id: 'series', device_id: 'series model' }),
    top('cheap', { price_uzs: '1000000' }),
    top('trusted', { trusted_seller: true }),
  ];

  it('finds the matches of a filter the snapshot covers whole, in the order their TOP began, with no query', () => {
    expect(topCandidates(running, {})).toEqual({ ids: running.map((listing) => listing.id), exact: true });
    expect(topCandidates(running, { brand: 'Brand', brandIds: ['brand'], region: 'toshkent', minPrice: 2_000_000, sort: 'price_asc' })).toEqual({
      ids: ['first', 'trusted'],
      exact: true,
    });
    expect(topCandidates(running, { deviceIds: ['series model'] })).toEqual({ ids: ['other brand'], exact: true });
    expect(topCandidates(running, { maxPrice: 1_000_000, goodSellers: true })).toEqual({ ids: [], exact: true });
    expect(topCandidates(running, { goodSellers: true })).toEqual({ ids: ['trusted'], exact: true });
  });

  it('leaves to the feed\'s own conditions what the snapshot does not hold', () => {
    expect(topCandidates(running, { region: 'samarqand', storage: '128GB' })).toEqual({ ids: ['other region'], exact: false });
    expect(topCandidates(running, { condition: 'new' }).exact).toBe(false);
    expect(topCandidates(running, { minBattery: 90 }).exact).toBe(false);
    // A brand named without its ids (no totals yet): its series are not known here.
    expect(topCandidates(running, { brand: 'Brand' })).toEqual({ ids: running.map((listing) => listing.id), exact: false });
  });
});
