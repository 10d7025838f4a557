import { ListingCounterBatch, type ListingCounts } from './listing-counter-batch';

describe('ListingCounterBatch', () => {
  const written: Array<Map<string, ListingCounts>> = [];
  const writeAll = async (added: ReadonlyMap<string, ListingCounts>) => void written.push(new Map(added));
  beforeEach(() => (written.length = 0));

  it('adds up the counts of each listing and writes them in one batch', async () => {
    const batch = new ListingCounterBatch(writeAll, 60_000, () => undefined);
    batch.add('a', 'views');
    batch.add('a', 'views');
    batch.add('b', 'contactReveals');
    expect(batch.unwritten('a')).toEqual({ views: 2, contactReveals: 0 });
    await batch.flush();
    expect(written).toEqual([new Map([['a', { views: 2, contactReveals: 0 }], ['b', { views: 0, contactReveals: 1 }]])]);
    expect(batch.unwritten('a')).toEqual({ views: 0, contactReveals: 0 });
    await batch.flush();
    expect(written).toHaveLength(1);
  });

  it('writes on its own after the interval', async () => {
    const batch = new ListingCounterBatch(writeAll, 20, () => undefined);
    batch.add('a', 'views');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(written).toEqual([new Map([['a', { views: 1, contactReveals: 0 }]])]);
    batch.stop();
  });

  it('counts what is being written as unwritten until the write is done', async () => {
    let finish: () => void = () => undefined;
    const batch = new ListingCounterBatch(() => new Promise<void>((resolve) => (finish = resolve)), 60_000, () => undefined);
    batch.add('a', 'views');
    const flushing = batch.flush();
    await Promise.resolve();
    batch.add('a', 'views');
    expect(batch.unwritten('a').views).toBe(2);
    finish();
    await flushing;
    expect(batch.unwritten('a').views).toBe(1);
    batch.stop();
  });

  it('keeps the counts of a failed write and writes them with the next batch', async () => {
    const failures: string[] = [];
    let fail = true;
    const batch = new ListingCounterBatch(
      async (added) => {
        if (fail) throw new Error('PostgreSQL is away');
        await writeAll(added);
      },
      60_000,
      (error) => failures.push(error.message),
    );
    batch.add('a', 'views');
    await batch.flush();
    expect(failures).toEqual(['PostgreSQL is away']);
    expect(batch.unwritten('a').views).toBe(1);
    fail = false;
    batch.add('a', 'views');
    await batch.flush();
    expect(written).toEqual([new Map([['a', { views: 2, contactReveals: 0 }]])]);
    batch.stop();
  });

  it('once stopped, tries a failed last write no more: nothing is left running to hold the process at shutdown', async () => {
    const failures: string[] = [];
    const batch = new ListingCounterBatch(
      async () => {
        throw new Error('the database is closed');
      },
      20,
      (error) => failures.push(error.message),
    );
    batch.add('a', 'views');
    batch.stop();
    await batch.flush();
    batch.add('a', 'views');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(failures).toEqual(['the database is closed']);
    expect(batch.unwritten('a').views).toBe(2);
  });
});
