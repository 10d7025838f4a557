// `npm run drills -- --scale-out [--seconds 60 --visitors 16 --paid 30]`: the node-kill drill at
// full length (node-kills.ts says what it does) on the scale-out stack (scale-out-stack.ts), after
// measuring the reads one API node answers against two behind HAProxy. Prints the report; exits
// non-zero when anything was lost or done twice, a read failed, or a write failed other than one in
// flight on the killed node or sent to it before HAProxy took it out. Needs the build (`npm run build`).
import { parseArgs } from '../bench/lib/args.mjs';
import { runLoad } from '../bench/lib/load.mjs';
import { requireBuild } from '../bench/lib/stack.mjs';
import { runNodeKills } from './node-kills';
import { startScaleOut } from './scale-out-stack';

const options = parseArgs({ seconds: 60, visitors: 16, paid: 30, measure: 15 });

async function main(): Promise<void> {
  requireBuild(['backend/dist/main.js', 'workers/dist/main.js', 'frontend/dist/index.html']);
  const stack = await startScaleOut({ log: (line) => console.log(line) });
  let passed = false;
  try {
    const seller = await stack.signedIn();
    const { insertListing } = await import('../test/support/listings');
    for (let n = 0; n < 200; n++) await insertListing(stack.database, { authorId: seller.id, status: 'active' });
    const requests = Array.from({ length: 10 }, (_, page) => ({ method: 'GET', path: `/api/phone?page=${page + 1}` }));
    const throughput = async (url: string) => Math.round((await runLoad({ url, connections: 32, duration: options.measure, requests })).requests.average);
    // One node, two, one again: on a shared machine the load of the minute moves the figures as much as the setup does.
    const oneNode = await throughput(stack.apis[0].url);
    const twoNodes = await throughput(stack.site);
    const oneNodeAgain = await throughput(stack.apis[0].url);
    console.log(`feed pages a second: one API node ${oneNode}, two behind HAProxy ${twoNodes}, one node again ${oneNodeAgain}`);

    const report = await runNodeKills(stack, { seconds: options.seconds, visitors: options.visitors, paidListings: options.paid, log: (line) => console.log(line) });
    console.log(JSON.stringify(report, null, 2));
    passed =
      report.posts.lost + report.posts.duplicated + report.sms.lost + report.sms.duplicated + report.messages.lost + report.messages.duplicated === 0 &&
      report.reads.failed === 0 &&
      report.writes.failed === 0;
    console.log(passed ? 'PASSED' : 'FAILED');
  } finally {
    await stack.stop();
  }
  process.exit(passed ? 0 : 1);
}

main().catch((error: Error) => {
  console.error(`Scale-out drill failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
