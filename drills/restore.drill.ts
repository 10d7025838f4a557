import { migrateDatabase } from '../backend/src/database/migrate';
import { runRestoreDrill } from './restore-drill';

/**
 * The short restore drill (`npm run drills -- --restore` is the full one): a scratch cluster archives its
 * WAL and is backed up with pgBackRest under the deploy's settings, sellers keep writing, and a second
 * cluster restored to a noted second holds every row committed before it, none after, and balances
 * that are still the sums of their ledgers.
 */
describe('drill: restore to a point in time', () => {
  it(
    'brings back every row committed before the target and keeps the ledger whole',
    async () => {
      const result = await runRestoreDrill({
        listings: 2_000,
        sellers: 20,
        migrate: async (url) => void (await migrateDatabase(url)),
        log: () => undefined,
      });
      expect(result.restored).toEqual({ before: result.restored.beforeTotal, beforeTotal: 20 * 7, after: 0, ledgerMismatches: 0, listings: 2_000 + 20 });
    },
    110_000,
  );
});
