// `npm run drills -- --scale-out [--minutes 5 --kills 4 --listings 10000 --visitors 16 --paid 60 --measure 5 --rounds 3]`:
// the node-kill drill at full length (node-kills.ts says what it does) on the scale-out stack
// (scale-out-stack.ts), over a catalogue of `listings` on sale read as the long tail (bench/lib/long-tail.mjs:
// any page, filter, model search or listing, each request a new URL, so that the answer caches rarely hold it and
// the replica does the reading), with `kills` rounds of SIGKILLs alternating between the two API and the two
// worker nodes. Before it, it measures the long tail's reads one API node answers against two behind HAProxy,
// in turns (`rounds` of `measure` seconds each). Prints the report; exits non-zero when anything was lost or done
// twice, a payment was left unconfirmed, a read or a write failed other than one in flight on a killed node,
// or the replica's lag reached 1 s at p99. The CI version (scale-out.drill.ts) is 60 s at a visitor's pace, one kill.
// Needs the build (`npm run build`).
import { LISTING_REGIONS } from '@market/contracts';
import { parseArgs } from '../bench/lib/args.mjs';
import { runLoad } from '../bench/lib/load.mjs';
import { drawnRequests, longTailTraffic } from '../bench/lib/long-tail.mjs';
import { requireBuild } from '../bench/lib/stack.mjs';
import { percentile, runNodeKills } from './node-kills';
import { startScaleOut, type ScaleOut } from './scale-out-stack';

const options = parseArgs({ minutes: 5, kills: 4, listings: 10_000, visitors: 16, paid: 60, measure: 5, rounds: 3 });

/** `count` listings on sale of one seller, spread over the catalogue's models, the regions and prices, in one statement. */
async function seedCatalogue(stack: ScaleOut, count: number): Promise<void> {
  const seller = await stack.signedIn();
  await stack.database.query(
    `WITH models AS (SELECT row_number() OVER (ORDER BY id) - 1 AS place, id, category_id, name FROM devices)
     INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description,
                          phone_number, status, tarif, ram, storage, color)
     SELECT $1, m.id, m.category_id, m.name, 500000 * (1 + n * 7 % 40), 'uzs', 500000 * (1 + n * 7 % 40),
            ($3::text[])[1 + n % cardinality($3::text[])], 'Yaxshi holatda, quti bor', '998901112233', 'active', 0, '8GB', '128GB', 'Black'
       FROM generate_series(0, $2 - 1) AS n JOIN models m ON m.place = n * 7919 % (SELECT count(*) FROM models)`,
    [seller.id, count, LISTING_REGIONS.map((region) => region.id)],
  );
}

async function main(): Promise<void> {
  requireBuild(['backend/dist/main.js', 'workers/dist/main.js', 'frontend/dist/index.html']);
  const stack = await startScaleOut({ log: (line) => console.log(line) });
  let passed = false;
  try {
    await seedCatalogue(stack, options.listings);
    const traffic = await longTailTraffic(stack.primaryUrl);
    console.log(`catalogue: ${traffic.counts.listings} listings on sale, ${traffic.counts.feedPages} feed pages`);
    const throughput = async (url: string, seconds = options.measure) =>
      Math.round((await runLoad({ url, connections: 32, duration: seconds, requests: drawnRequests(traffic.mix) })).requests.average);
    // Both nodes warmed up through HAProxy, then one node and two in turns: on a shared machine the load of
    // the minute moves the figures as much as the setup does.
    await throughput(stack.site, 3);
    const oneNode: number[] = [];
    const twoNodes: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      oneNode.push(await throughput(stack.apis[0].url));
      twoNodes.push(await throughput(stack.site));
    }
    const [one, two] = [percentile(oneNode, 0.5), percentile(twoNodes, 0.5)];
    console.log(
      `long-tail reads a second (32 connections, ${options.measure} s a turn): one API node ${oneNode.join(', ')} (median ${one}); ` +
        `two behind HAProxy ${twoNodes.join(', ')} (median ${two}): ${Math.round((100 * two) / one)} % of one node`,
    );

    const report = await runNodeKills(stack, {
      seconds: options.minutes * 60,
      kills: options.kills,
      visitors: options.visitors,
      paidListings: options.paid,
      nextRead: traffic.mix,
      log: (line) => console.log(line),
    });
    console.log(JSON.stringify(report, null, 2));
    const missed = [
      ...(['posts', 'sms', 'messages', 'payments'] as const).flatMap((what) =>
        report[what].lost + report[what].duplicated ? [`${what}: ${report[what].lost} lost, ${report[what].duplicated} duplicated`] : [],
      ),
      ...(report.payments.confirmed < report.payments.started ? [`payments: ${report.payments.started - report.payments.confirmed} never confirmed`] : []),
      ...(report.payments.charged !== report.payments.credited ? [`payments: ${report.payments.charged} so'm charged, ${report.payments.credited} credited`] : []),
      ...(report.reads.failed ? [`reads: ${report.reads.failed} failed that were not in flight on a killed node`] : []),
      ...(report.writes.failed ? [`writes: ${report.writes.failed} failed that were not in flight on a killed node`] : []),
      ...(report.replicaLagMs.p99 >= 1_000 ? [`replica lag p99 ${report.replicaLagMs.p99} ms (bound 1 s)`] : []),
    ];
    passed = missed.length === 0;
    console.log(passed ? 'PASSED' : `FAILED: ${missed.join('; ')}`);
  } finally {
    await stack.stop();
  }
  process.exit(passed ? 0 : 1);
}

main().catch((error: Error) => {
  console.error(`Scale-out drill failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
