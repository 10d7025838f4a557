// `npm run drills -- --scale-out [--seconds 60 --visitors 16 --paid 30 --measure 5 --rounds 3]`: the
// node-kill drill at full length (node-kills.ts says what it does) on the scale-out stack
// (scale-out-stack.ts), after measuring the feed pages one API node answers against two behind
// HAProxy, in turns (`rounds` of `measure` seconds each). Prints the report; exits
// non-zero when anything was lost or done twice, a payment was left unconfirmed, a read failed, a
// write failed other than one in flight on the killed node, or the replica's lag reached 1 s at p99.
// Needs the build (`npm run build`).
import { parseArgs } from '../bench/lib/args.mjs';
import { runLoad } from '../bench/lib/load.mjs';
import { requireBuild } from '../bench/lib/stack.mjs';
import { percentile, runNodeKills } from './node-kills';
import { startScaleOut } from './scale-out-stack';

const options = parseArgs({ seconds: 60, visitors: 16, paid: 30, measure: 5, rounds: 3 });

async function main(): Promise<void> {
  requireBuild(['backend/dist/main.js', 'workers/dist/main.js', 'frontend/dist/index.html']);
  const stack = await startScaleOut({ log: (line) => console.log(line) });
  let passed = false;
  try {
    const seller = await stack.signedIn();
    const { insertListing } = await import('../test/support/listings');
    for (let n = 0; n < 200; n++) await insertListing(stack.database, { authorId: seller.id, status: 'active' });
    const requests = Array.from({ length: 10 }, (_, page) => ({ method: 'GET', path: `/api/phone?page=${page + 1}` }));
    const throughput = async (url: string, seconds = options.measure) => Math.round((await runLoad({ url, connections: 32, duration: seconds, requests })).requests.average);
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
      `feed pages a second (32 connections, ${options.measure} s a turn): one API node ${oneNode.join(', ')} (median ${one}); ` +
        `two behind HAProxy ${twoNodes.join(', ')} (median ${two}): ${Math.round((100 * two) / one)} % of one node`,
    );

    const report = await runNodeKills(stack, { seconds: options.seconds, visitors: options.visitors, paidListings: options.paid, log: (line) => console.log(line) });
    console.log(JSON.stringify(report, null, 2));
    const missed = [
      ...(['posts', 'sms', 'messages', 'payments'] as const).flatMap((what) =>
        report[what].lost + report[what].duplicated ? [`${what}: ${report[what].lost} lost, ${report[what].duplicated} duplicated`] : [],
      ),
      ...(report.payments.confirmed < report.payments.started ? [`payments: ${report.payments.started - report.payments.confirmed} never confirmed`] : []),
      ...(report.payments.charged !== report.payments.credited ? [`payments: ${report.payments.charged} so'm charged, ${report.payments.credited} credited`] : []),
      ...(report.reads.failed ? [`reads: ${report.reads.failed} failed`] : []),
      ...(report.writes.failed ? [`writes: ${report.writes.failed} failed that were not in flight on the killed node`] : []),
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
