// The node-kill drill of issue 41 on a running scale-out stack (scale-out-stack.ts): visitors
// browse through HAProxy, an admin approves paid listings, new sellers sign up and a buyer writes
// to a seller, while one API process and one worker process are SIGKILLed and later started
// again. Then it counts what was lost or done twice: channel posts, SMS, messages.
import { insertListing } from '../test/support/listings';
import { randomTestPhone } from '../test/support/users';
import { OutcomeUnknownError } from '../workers/src/social/channels/channel-publisher';
import type { ScaleOut } from './scale-out-stack';

export interface NodeKillOptions {
  seconds: number;
  /** Concurrent anonymous visitors. */
  visitors: number;
  /** Paid listings waiting for the admin. */
  paidListings: number;
  log?: (line: string) => void;
}

interface Counted {
  sent: number;
  failed: number;
}

export interface NodeKillReport {
  reads: Counted & { perSecond: number; statuses: Record<string, number> };
  /**
   * POSTs. `failed` counts those that failed away from the kill; `failedAroundKill` those in flight
   * on the killed node or sent to it before HAProxy took it out (NODE_TAKEN_OUT_MS): HAProxy sends
   * no POST twice, so the client is told (a 502), and nothing is half done.
   */
  writes: Counted & { inFlightAtKill: number; failedAroundKill: number };
  /** `heldForAdmin`: posts whose channel call the kill cut off, left for an admin to check (the drill checks and posts again). */
  posts: { approved: number; heldForAdmin: number; lost: number; duplicated: number };
  sms: { admitted: number; lost: number; duplicated: number };
  messages: { sent: number; lost: number; duplicated: number };
  /** The replica's replay lag as the primary saw it, sampled through the run. */
  replicaLagMs: { p50: number; p99: number; max: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long HAProxy may still send to a killed node: two failed readiness checks 1 s apart (deploy/haproxy), and a margin. */
const NODE_TAKEN_OUT_MS = 3_000;

export function percentile(values: number[], share: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

export async function runNodeKills(stack: ScaleOut, options: NodeKillOptions): Promise<NodeKillReport> {
  const log = options.log ?? (() => undefined);
  const [seller, buyer, admin] = await Promise.all([stack.signedIn(), stack.signedIn(), stack.signedIn('admin')]);
  const browsed = await Promise.all(Array.from({ length: 20 }, () => insertListing(stack.database, { authorId: seller.id, status: 'active' })));
  const waiting = await Promise.all(Array.from({ length: options.paidListings }, () => insertListing(stack.database, { authorId: seller.id, tarif: 1 })));
  const send = (path: string, cookie: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${stack.site}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
      body: JSON.stringify(body),
    });
  const opened = await send('/api/conversations', buyer.cookie, { listingId: browsed[0], text: 'Salom!' });
  if (opened.status !== 201) throw new Error(`The conversation was not opened: ${opened.status} ${await opened.text()}`);
  const conversationId = ((await opened.json()) as { id: string }).id;

  const reads: NodeKillReport['reads'] = { sent: 0, failed: 0, perSecond: 0, statuses: {} };
  const writes = { sent: 0, failed: 0, inFlight: 0, inFlightAtKill: 0, failedAroundKill: 0 };
  let killedAt: number | undefined;
  const failedWrite = (started: number) => {
    // Failing after the kill, it was in flight then or sent before the node was out of HAProxy's rotation.
    if (killedAt !== undefined && started <= killedAt + NODE_TAKEN_OUT_MS) writes.failedAroundKill++;
    else writes.failed++;
  };
  /** Sends a POST; answers whether it succeeded (a failure is counted, and must have been in flight on the killed node). */
  const write = async (attempt: () => Promise<Response>, expected: number): Promise<boolean | undefined> => {
    writes.sent++;
    writes.inFlight++;
    const started = Date.now();
    try {
      const answer = await attempt();
      if (answer.status === expected) return true;
      if (answer.status >= 500) return void failedWrite(started);
      throw new Error(`A write was refused: ${answer.status} ${await answer.text()}`);
    } catch (error) {
      // fetch's TypeError ('fetch failed': the connection closed without an answer), by name: under jest it comes from another realm.
      if ((error as Error).name === 'TypeError') return void failedWrite(started);
      throw error;
    } finally {
      writes.inFlight--;
    }
  };
  const approved: string[] = [];
  const unsureApprovals: string[] = [];
  const admitted: string[] = [];
  const unsurePhones: string[] = [];
  const messages: string[] = [];
  const unsureMessages: string[] = [];
  const lags: number[] = [];

  const started = Date.now();
  const endsAt = started + options.seconds * 1000;
  const running = () => Date.now() < endsAt;
  const visitor = async () => {
    for (let turn = 0; running(); turn++) {
      const path = turn % 2 ? `/api/phone?page=${1 + (turn % 3)}` : `/api/phone/${browsed[turn % browsed.length]}`;
      reads.sent++;
      const status = await fetch(`${stack.site}${path}`).then(
        async (answer) => (await answer.arrayBuffer(), String(answer.status)),
        (error: Error) => error.name,
      );
      reads.statuses[status] = (reads.statuses[status] ?? 0) + 1;
      if (status !== '200') reads.failed++;
    }
  };
  const approver = async () => {
    const pace = (options.seconds * 1000) / (waiting.length + 1);
    for (const id of waiting) {
      if (!running()) break;
      const ok = await write(() => send('/api/phone/confirm', admin.cookie, { id }), 200);
      (ok ? approved : unsureApprovals).push(id);
      await sleep(pace);
    }
  };
  const newSellers = async () => {
    for (let n = 0; running(); n++) {
      const phoneNumber = randomTestPhone();
      // Each from an address of its own: the texts-per-address limit is not what is drilled.
      const ok = await write(() => send('/api/auth/login', undefined, { phoneNumber }, { 'x-forwarded-for': `198.51.100.${n % 250}` }), 201);
      (ok ? admitted : unsurePhones).push(phoneNumber);
      await sleep(400);
    }
  };
  const conversation = async () => {
    for (let n = 0; running(); n++) {
      const text = `Xabar ${n}: narxi qancha?`;
      const ok = await write(() => send(`/api/conversations/${conversationId}/messages`, buyer.cookie, { text }), 201);
      (ok ? messages : unsureMessages).push(text);
      // Under the 20 messages a minute one account may send.
      await sleep(3_200);
    }
  };
  const lagSampler = async () => {
    while (running()) {
      const [row] = (await stack.database.query(`SELECT coalesce(extract(epoch FROM replay_lag) * 1000, 0)::float8 AS lag FROM pg_stat_replication`)) as Array<{ lag: number }>;
      if (row) lags.push(row.lag);
      await sleep(200);
    }
  };
  const killer = async () => {
    await sleep((options.seconds * 1000) / 3);
    writes.inFlightAtKill = writes.inFlight;
    killedAt = Date.now();
    log(`killing api1 and workers1 (SIGKILL) with ${writes.inFlight} writes in flight`);
    await Promise.all([stack.apis[0].kill(), stack.workers[0].kill()]);
    await sleep((options.seconds * 1000) / 3);
    log('starting api1 and workers1 again');
    await Promise.all([stack.apis[0].start(), stack.workers[0].start()]);
  };
  await Promise.all([...Array.from({ length: options.visitors }, visitor), approver(), newSellers(), conversation(), lagSampler(), killer()]);
  reads.perSecond = Math.round(reads.sent / options.seconds);
  log(`load over: ${reads.sent} reads, ${writes.sent} writes (${writes.failed} failed)`);

  // An admin whose click failed clicks again; a listing approved before the node died answers that it is no longer waiting.
  for (const id of unsureApprovals) {
    const again = await send('/api/phone/confirm', admin.cookie, { id });
    if (again.status === 200 || again.status < 500) approved.push(id);
  }
  const outcome = await settle(stack, approved, admitted, unsurePhones);
  const stored = (await stack.database.query(`SELECT text, count(*)::int AS copies FROM conversation_message WHERE conversation_id = $1 GROUP BY text`, [conversationId])) as Array<{
    text: string;
    copies: number;
  }>;
  const copies = new Map(stored.map((row) => [row.text, row.copies]));
  return {
    reads,
    writes: { sent: writes.sent, failed: writes.failed, inFlightAtKill: writes.inFlightAtKill, failedAroundKill: writes.failedAroundKill },
    posts: outcome.posts,
    sms: outcome.sms,
    messages: {
      sent: messages.length,
      lost: messages.filter((text) => !copies.has(text)).length,
      duplicated: [...copies.values()].filter((count) => count > 1).length,
    },
    replicaLagMs: { p50: percentile(lags, 0.5), p99: percentile(lags, 0.99), max: Math.max(0, ...lags) },
  };
}

/**
 * Waits (up to 2 minutes: a killed worker's jobs come back when their locks expire) for every post and
 * text, then counts. A channel call cut off by the kill is never repeated by the workers (it could have
 * reached the channel): its post is marked failed with an unknown outcome for an admin, who looks at
 * the channel and posts it again only if it is not there. The drill does what that admin does.
 */
async function settle(stack: ScaleOut, approved: string[], admitted: string[], unsurePhones: string[]) {
  const telegramStates = async () =>
    (await stack.database.query(
      `SELECT id, posts->'telegram'->>'reason' AS reason, (posts->'telegram'->>'posted')::boolean AS posted FROM listing WHERE id = ANY($1)`,
      [approved],
    )) as Array<{ id: string; reason: string | null; posted: boolean | null }>;
  const outcomeUnknown = new OutcomeUnknownError().message;
  const textsTo = (phone: string) => stack.eskiz.sent.filter((message) => message.mobile_phone === phone).length;
  const settled = async () => (await telegramStates()).every((row) => row.posted || row.reason === outcomeUnknown) && admitted.every((phone) => textsTo(phone) > 0);
  await waitUntil(settled);
  const admin = await stack.signedIn('admin');
  let heldForAdmin = 0;
  for (const row of await telegramStates()) {
    if (row.posted || row.reason !== outcomeUnknown) continue;
    heldForAdmin++;
    if (albumsOf(stack, row.id) > 0) continue;
    const again = await fetch(`${stack.site}/api/phone/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie },
      body: JSON.stringify({ id: row.id }),
    });
    if (again.status !== 200) throw new Error(`The admin's post again was refused: ${again.status} ${await again.text()}`);
  }
  await waitUntil(async () => approved.every((id) => albumsOf(stack, id) > 0));
  // Anything still on its way would show as a duplicate now: give retries a moment more.
  await sleep(2_000);
  return {
    posts: {
      approved: approved.length,
      heldForAdmin,
      lost: approved.filter((id) => albumsOf(stack, id) === 0).length,
      duplicated: approved.filter((id) => albumsOf(stack, id) > 1).length,
    },
    sms: {
      admitted: admitted.length,
      lost: admitted.filter((phone) => textsTo(phone) === 0).length,
      duplicated: [...admitted, ...unsurePhones].filter((phone) => textsTo(phone) > 1).length,
    },
  };
}

async function waitUntil(done: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done()) && Date.now() < deadline) await sleep(500);
}

/** The albums the channel received for one listing (its caption links to it). */
function albumsOf(stack: ScaleOut, listingId: string): number {
  return stack.telegram
    .callsOf('sendMediaGroup')
    .filter((call) => call.answer?.status === 200 && JSON.stringify(call.body).includes(listingId)).length;
}
