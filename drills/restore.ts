// `npm run drills -- --restore [--listings 1000000 --sellers 1000]`: the restore drill at full size
// (restore-drill.ts says what it does). A scratch cluster with the bench's million listings is backed
// up with pgBackRest, sellers keep writing, and a second cluster is restored to a noted second from
// the base backup and the archived WAL. Prints each step's time; exits non-zero when a row committed
// before the target is missing, one after it is present, or a balance differs from its ledger.
import { parseArgs } from '../bench/lib/args.mjs';
import { migrate, requireBuild } from '../bench/lib/stack.mjs';
import { runRestoreDrill } from './restore-drill';

const options = parseArgs({ listings: 1_000_000, sellers: 1_000 });

async function main(): Promise<void> {
  // The migrations production runs (`npm run migrate`), from the build.
  requireBuild(['backend/dist/database/migrate.js']);
  const started = performance.now();
  const { timings, backupBytes, restored } = await runRestoreDrill({
    listings: options.listings,
    sellers: options.sellers,
    migrate: async (url) => migrate(url),
    log: (line) => console.log(line),
  });
  console.log(`repository: ${(backupBytes / 1024 ** 2).toFixed(0)} MB (compressed, encrypted)`);
  console.log(`restore and recovery: ${(timings.restore + timings.recovery).toFixed(1)} s; the whole drill ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(
    `restored ${restored.before} of ${restored.beforeTotal} rows written before the target, ${restored.after} written after it; ` +
      `${restored.listings} listings; ${restored.ledgerMismatches} balances differ from their ledger`,
  );
  const passed = restored.before === restored.beforeTotal && restored.after === 0 && restored.ledgerMismatches === 0;
  console.log(passed ? 'PASSED' : 'FAILED');
  if (!passed) process.exitCode = 1;
}

main().catch((error: Error) => {
  console.error(`Restore drill failed: ${error.message}`);
  process.exit(1);
});
