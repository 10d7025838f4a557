// The node-kill drill of issue 41 on a running scale-out stack (scale-out-stack.ts): visitors
// browse through HAProxy, an admin approves paid listings, new sellers sign up, a buyer writes
// to a seller and people top up their balance by card (at the fake Payme), while an API process
// and a worker process are SIGKILLed and later started again, once or in several rounds. Then it
// counts what was lost or done twice: channel posts, SMS, card charges, messages.
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { confirmedCardToken, FAKE_PAYME_CODE } from '../test/fakes/card-gateway';
import { insertListing } from '../test/support/listings';
import { randomTestPhone } from '../test/support/users';
import { OutcomeUnknownError } from '../workers/src/social/channels/channel-publisher';
import { PAYER_CARD, PAYME_CASHBOX, START_TIMEOUT_MS, type ScaleOut } from './scale-out-stack';

export interface NodeKillOptions {
  seconds: number;
  /** Concurrent anonymous visitors. */
  visitors: number;
  /** Paid listings waiting for the admin. */
  paidListings: number;
  /** A visitor's pause between two pages (0: as fast as answered, for the full load; CI keeps its 2 cores for the rest). */
  readPauseMs?: number;
  /** What a visitor reads next (the full run: the long tail); by default the first pages of the feed and 20 listings. */
  nextRead?: () => string;
  /**
   * Rounds of kills (1 by default), one in each equal share of the run: round k SIGKILLs api and
   * workers number k % 2 + 1 a third of the way into its share and starts them again at two thirds.
   */
  kills?: number;
  log?: (line: string) => void;
}

/** A failed request: what it was, how it failed, and when it was sent and answered in ms from the latest SIGKILL. */
interface RequestFailure {
  path: string;
  failure: string;
  sent: number;
  answered: number;
  inFlightAtKill: boolean;
}

interface Counted {
  sent: number;
  failed: number;
}

export interface NodeKillReport {
  /**
   * Anonymous reads: `perSecond` through HAProxy; `replicaTransactions`, what the replica committed meanwhile (the
   * reads it served, and each API node's two lag readings a second). HAProxy sends a GET the killed node did not
   * answer to the other node, but not one whose answer had begun: like a write, a read in flight at a kill
   * (`inFlightAtKill`, as below) may fail (`failedInFlight`); `failed` counts every other failed read: must be 0.
   */
  reads: Counted & { perSecond: number; statuses: Record<string, number>; replicaTransactions: number; failedInFlight: number; failures: RequestFailure[] };
  /**
   * POSTs. `inFlightAtKill`: those under way when an API node was sent SIGKILL or sent until it had exited
   * (up to `killWindowMs` later, the longest of the kills: its sockets close only then, and HAProxy may still hand it a
   * request on a kept-alive connection). Only these may fail (`failedInFlight`): HAProxy sends no POST twice, so
   * the client is told, and nothing is half done. `failed` counts every other failed POST: must be 0.
   * A failure's `sent` and `answered` count from the latest kill.
   */
  writes: Counted & { inFlightAtKill: number; failedInFlight: number; killWindowMs: number; failures: RequestFailure[] };
  /** `heldForAdmin`: posts whose channel call the kill cut off, left for an admin to check (the drill checks and posts again). */
  posts: { approved: number; heldForAdmin: number; lost: number; duplicated: number };
  sms: { admitted: number; lost: number; duplicated: number };
  /** Each sent with its key; one that got no answer is sent again after the load, as its writer would, and counts once answered. */
  messages: { sent: number; lost: number; duplicated: number };
  /**
   * Card top-ups: `started` payments, `confirmed` at the end (a payer whose confirmation failed confirms
   * again, as the dialog does). `lost`: a card charged (the receipt paid at Payme) and the balance not
   * credited; `duplicated`: a balance credited more than the payment. `charged` and `credited` in so'm:
   * the card's loss and the payers' gains, equal when no charge was lost or doubled.
   */
  payments: { started: number; confirmed: number; lost: number; duplicated: number; charged: number; credited: number };
  /** What HAProxy wrote during the load: each failed request (node, timers, how it ended) and each node going down or up. */
  haproxy: string[];
  /** The replica's replay lag as the primary saw it, sampled through the run. */
  replicaLagMs: { p50: number; p99: number; max: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What each payer has (signedIn's balance) and tops up, in so'm. */
const STARTING_BALANCE = 1_000_000;
const TOP_UP = 40_000;
const CREATE_PAYMENT = '/api/payments/uzcard/createTransaction';
const CONFIRM_PAYMENT = '/api/payments/uzcard/confirmTransaction';

/** How long each of settling's three waits may take: for the posts and texts, for the posts an admin sent again, for the payments. */
const SETTLE_MS = 120_000;

/** The longest a run may take: the load, each restart, settling's waits, and a minute for the rest (seeding, the counts). */
export function nodeKillsTimeoutMs(options: NodeKillOptions): number {
  return options.seconds * 1000 + (options.kills ?? 1) * START_TIMEOUT_MS + 3 * SETTLE_MS + 60_000;
}

/** fetch's TypeError ('fetch failed': the connection closed without an answer), by name: under jest it comes from another realm. */
function isConnectionFailure(error: unknown): error is Error & { cause?: { code?: string } } {
  return (error as Error).name === 'TypeError';
}

function connectionFailure(error: Error & { cause?: { code?: string } }): string {
  return String(error.cause?.code ?? error.message);
}

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

  const reads: NodeKillReport['reads'] = { sent: 0, failed: 0, perSecond: 0, statuses: {}, replicaTransactions: 0, failedInFlight: 0, failures: [] };
  const writes: NodeKillReport['writes'] = { sent: 0, failed: 0, inFlightAtKill: 0, failedInFlight: 0, killWindowMs: 0, failures: [] };
  let killedAt = 0;
  /** The requests under way; those under way at a kill, and those sent while the killed API was dying. */
  const pending = { reads: new Set<symbol>(), writes: new Set<symbol>() };
  const atKill = new Set<symbol>();
  let dying = false;
  /** Counts a request under way until `settled`; `failed` counts its failure, against `counted` unless it was in flight at a kill. */
  const track = (kind: 'reads' | 'writes', path: string) => {
    const counted = kind === 'reads' ? reads : writes;
    counted.sent++;
    const token = Symbol();
    pending[kind].add(token);
    if (dying) {
      atKill.add(token);
      if (kind === 'writes') writes.inFlightAtKill++;
    }
    const sent = Date.now();
    return {
      failed(failure: string): undefined {
        const inFlightAtKill = atKill.has(token);
        if (inFlightAtKill) counted.failedInFlight++;
        else counted.failed++;
        counted.failures.push({ path, failure, sent: sent - killedAt, answered: Date.now() - killedAt, inFlightAtKill });
        return undefined;
      },
      settled: () => pending[kind].delete(token),
    };
  };
  /** Sends a POST; answers its response, or nothing when it failed (counted: it must have been in flight at the kill). */
  const write = async (path: string, cookie: string | undefined, body: unknown, expected: number, headers?: Record<string, string>): Promise<Response | undefined> => {
    const { failed, settled } = track('writes', path);
    try {
      const answer = await send(path, cookie, body, headers);
      if (answer.status === expected) return answer;
      if (answer.status >= 500) return failed(String(answer.status));
      throw new Error(`A write was refused: ${answer.status} ${await answer.text()}`);
    } catch (error) {
      if (isConnectionFailure(error)) return failed(connectionFailure(error));
      throw error;
    } finally {
      settled();
    }
  };
  const approved: string[] = [];
  const unsureApprovals: string[] = [];
  const admitted: string[] = [];
  const unsurePhones: string[] = [];
  const messages: string[] = [];
  /** Messages that got no answer, with the key the page sent them with. */
  const unsureMessages: Array<{ text: string; clientKey: string }> = [];
  const payments: Payment[] = [];
  const lags: number[] = [];

  const haproxyFrom = stack.haproxyOutput.length;
  const started = Date.now();
  const endsAt = started + options.seconds * 1000;
  const running = () => Date.now() < endsAt;
  const visitor = async () => {
    for (let turn = 0; running(); turn++) {
      const path = options.nextRead?.() ?? (turn % 2 ? `/api/phone?page=${1 + (turn % 3)}` : `/api/phone/${browsed[turn % browsed.length]}`);
      const { failed, settled } = track('reads', path);
      const status = await fetch(`${stack.site}${path}`).then(
        async (answer) => (await answer.arrayBuffer(), String(answer.status)),
        (error: Error) => {
          if (!isConnectionFailure(error)) throw error;
          return connectionFailure(error);
        },
      );
      settled();
      reads.statuses[status] = (reads.statuses[status] ?? 0) + 1;
      if (status !== '200') failed(status);
      if (options.readPauseMs) await sleep(options.readPauseMs);
    }
  };
  const approver = async () => {
    const pace = (options.seconds * 1000) / (waiting.length + 1);
    for (const id of waiting) {
      if (!running()) break;
      const ok = await write('/api/phone/confirm', admin.cookie, { id }, 200);
      (ok ? approved : unsureApprovals).push(id);
      await sleep(pace);
    }
  };
  const newSellers = async () => {
    for (let n = 0; running(); n++) {
      const phoneNumber = randomTestPhone();
      // Each from an address of its own: the texts-per-address limit is not what is drilled.
      const ok = await write('/api/auth/login', undefined, { phoneNumber }, 201, { 'x-forwarded-for': `198.51.100.${n % 250}` });
      (ok ? admitted : unsurePhones).push(phoneNumber);
      await sleep(400);
    }
  };
  const conversation = async () => {
    for (let n = 0; running(); n++) {
      const message = { text: `Xabar ${n}: narxi qancha?`, clientKey: randomUUID() };
      if (await write(`/api/conversations/${conversationId}/messages`, buyer.cookie, message, 201)) messages.push(message.text);
      else unsureMessages.push(message);
      // Under the 20 messages a minute one account may send.
      await sleep(3_200);
    }
  };
  // Each payment a person of their own (a person may start 10 an hour): the card confirmed at Payme by the
  // browser's part, the payment created and confirmed through HAProxy. A payment whose creation failed is
  // left (whatever it created is never paid); one whose confirmation failed or answered 'processing' is
  // confirmed again after the load, as the dialog does.
  const payer = async () => {
    for (let n = 0; running(); n++) {
      const person = await stack.signedIn();
      const card = await confirmedCardToken({ url: stack.payme.url, cashboxId: PAYME_CASHBOX }, PAYER_CARD, FAKE_PAYME_CODE);
      if (!('token' in card)) throw new Error(`Payme refused the card: ${card.refusal.code}`);
      const amount = TOP_UP + 1_000 * (n % 10);
      const started = await write(CREATE_PAYMENT, person.cookie, { amount, cardToken: card.token }, 201);
      if (!started) continue;
      const payment: Payment = { id: ((await started.json()) as { result: { transactionId: string } }).result.transactionId, person, amount, final: false };
      payments.push(payment);
      const confirmed = await write(CONFIRM_PAYMENT, person.cookie, { transactionId: payment.id }, 200);
      if (confirmed) payment.final = ((await confirmed.json()) as { result: { status: string } }).result.status !== 'processing';
      await sleep(1_000);
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
    const share = (options.seconds * 1000) / (options.kills ?? 1);
    const until = (moment: number) => sleep(started + moment - Date.now());
    for (let round = 0; round < (options.kills ?? 1); round++) {
      const [api, worker] = [stack.apis[round % 2], stack.workers[round % 2]];
      await until(share * (round + 1 / 3));
      // At a moment with writes under way (up to 5 s later), so that the kill cuts some off.
      for (const giveUpAt = Date.now() + 5_000; pending.writes.size < 2 && Date.now() < giveUpAt; ) await sleep(5);
      for (const token of [...pending.reads, ...pending.writes]) atKill.add(token);
      writes.inFlightAtKill += pending.writes.size;
      dying = true;
      killedAt = Date.now();
      log(`killing ${api.name} and ${worker.name} (SIGKILL) with ${pending.writes.size} writes and ${pending.reads.size} reads in flight`);
      const apiGone = api.kill().then(() => {
        dying = false;
        writes.killWindowMs = Math.max(writes.killWindowMs, Date.now() - killedAt);
      });
      await Promise.all([apiGone, worker.kill()]);
      await until(share * (round + 2 / 3));
      log(`starting ${api.name} and ${worker.name} again`);
      await Promise.all([api.start(), worker.start()]);
    }
  };
  const replica = new Client({ connectionString: stack.replicaUrl });
  await replica.connect();
  const replicaTransactions = async () =>
    Number((await replica.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()`)).rows[0].xact_commit);
  const replicaBefore = await replicaTransactions();
  await Promise.all([...Array.from({ length: options.visitors }, visitor), approver(), newSellers(), conversation(), payer(), lagSampler(), killer()]);
  // The replica's counters are flushed within a second of its transactions.
  await sleep(1_500);
  reads.replicaTransactions = (await replicaTransactions()) - replicaBefore;
  await replica.end();
  // A node started again that died by itself is a failure of its own, whatever the counts say.
  for (const node of [...stack.apis, ...stack.workers]) {
    if (!node.running) throw new Error(`${node.name} is not running after the load:\n${node.output.slice(-40).join('\n')}`);
  }
  reads.perSecond = Math.round(reads.sent / options.seconds);
  const haproxy = stack.haproxyOutput.slice(haproxyFrom);
  log(`load over: ${reads.sent} reads, ${writes.sent} writes (${writes.failed} failed)`);

  // An admin whose click failed clicks again; a listing approved before the node died answers that it is no longer waiting.
  for (const id of unsureApprovals) {
    const again = await send('/api/phone/confirm', admin.cookie, { id });
    if (again.status === 200 || again.status < 500) approved.push(id);
  }
  // A writer whose message got no answer presses 'Yuborish' again: its key finds the message if it was stored.
  for (const message of unsureMessages) {
    if ((await send(`/api/conversations/${conversationId}/messages`, buyer.cookie, message)).status === 201) messages.push(message.text);
  }
  const outcome = await settle(stack, approved, admitted, unsurePhones);
  const paid = await settlePayments(stack, payments);
  const stored = (await stack.database.query(`SELECT text, count(*)::int AS copies FROM conversation_message WHERE conversation_id = $1 GROUP BY text`, [conversationId])) as Array<{
    text: string;
    copies: number;
  }>;
  const copies = new Map(stored.map((row) => [row.text, row.copies]));
  return {
    reads,
    writes,
    posts: outcome.posts,
    sms: outcome.sms,
    messages: {
      sent: messages.length,
      lost: messages.filter((text) => !copies.has(text)).length,
      duplicated: [...copies.values()].filter((count) => count > 1).length,
    },
    payments: paid,
    haproxy,
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
  await waitUntil(settled, SETTLE_MS);
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
  await waitUntil(async () => approved.every((id) => albumsOf(stack, id) > 0), SETTLE_MS);
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

interface Payment {
  id: string;
  person: { id: string; cookie: string };
  amount: number;
  /** Answered confirmed or failed; else confirmed again after the load. */
  final: boolean;
}

/**
 * Confirms again each payment whose confirmation failed or answered 'processing' (a claim cut off by
 * the kill is taken over after its lease), until it is final, then counts: each receipt paid at Payme
 * must be credited once, to its payer, and the card must have lost what the payers gained.
 */
async function settlePayments(stack: ScaleOut, payments: Payment[]): Promise<NodeKillReport['payments']> {
  const deadline = Date.now() + SETTLE_MS;
  for (const payment of payments) {
    while (!payment.final && Date.now() < deadline) {
      const answer = await fetch(`${stack.site}${CONFIRM_PAYMENT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: payment.person.cookie },
        body: JSON.stringify({ transactionId: payment.id }),
      });
      const status = answer.ok ? ((await answer.json()) as { result: { status: string } }).result.status : await answer.text();
      payment.final = status === 'confirmed';
      if (!answer.ok && answer.status < 500) throw new Error(`A confirmation was refused: ${answer.status} ${status}`);
      if (!payment.final) await sleep(1_000);
    }
  }
  const rows = (await stack.database.query(
    `SELECT p.id, p.status, p.provider_ref AS receipt, u.balance::bigint - $2 AS gained
       FROM payment_transaction p JOIN users u ON u.id = p.user_id WHERE p.id = ANY($1)`,
    [payments.map((payment) => payment.id), STARTING_BALANCE],
  )) as Array<{ id: string; status: string; receipt: string; gained: string }>;
  const amounts = new Map(payments.map((payment) => [payment.id, payment.amount]));
  const chargedAtPayme = rows.filter((row) => stack.payme.receiptState(row.receipt) === 4);
  return {
    started: payments.length,
    confirmed: rows.filter((row) => row.status === 'confirmed').length,
    lost: chargedAtPayme.filter((row) => Number(row.gained) === 0).length,
    duplicated: rows.filter((row) => Number(row.gained) > amounts.get(row.id)!).length,
    charged: (PAYER_CARD.balance - stack.payme.cardBalance(PAYER_CARD.number)!) / 100,
    credited: rows.reduce((sum, row) => sum + Number(row.gained), 0),
  };
}

async function waitUntil(done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done()) && Date.now() < deadline) await sleep(500);
}

/** The albums the channel received for one listing (its caption links to it). */
function albumsOf(stack: ScaleOut, listingId: string): number {
  return stack.telegram
    .callsOf('sendMediaGroup')
    .filter((call) => call.answer?.status === 200 && JSON.stringify(call.body).includes(listingId)).length;
}
