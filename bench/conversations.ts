// `npm run bench:conversations [-- --quick] [-- --clients 2000 --seconds 8 --rate 50 --rounds 3 ...]` (issue 37): delivery of
// conversation messages to signed-in pages connected to one API process, beside a bare Socket.IO server (bench/lib/bare-relay.ts:
// the same socket.io and Redis adapter, nothing else) relaying the same messages to as many pages, in the same run, their
// phases interleaved. The production build of the API runs on a database of its own; sellers and buyers are made with
// sessions straight in the database, each buyer opens a conversation with one seller through the API, and every person's
// page (bench/lib/conversation-pages.ts, in processes of their own) connects to each server. Then, per round and server:
// throughput (`seconds` of messages sent `concurrency` at a time, each as soon as one is answered) and steady (`rate` a second
// for `steadySeconds`, the same for both), each conversation's messages one after the other, its two people taking turns;
// each once per transport (`--transports http,socket`): through `POST /api/conversations/{id}/messages` from the bench, and on
// the sender's own page's socket (`conversation:send`, acknowledged), as the thread's composer sends when connected. Prints messages a second, send-to-receipt latency at the recipient's page,
// every message's arrivals on both pages (lost, duplicated, out of order), the CPU each process spent a message, the API's
// memory per connected page, and the targets met or missed.
// `--quick`: 400 pages, one short round (about a minute), a smoke test. Exits 1 when a message was lost, duplicated, out of
// order or refused, or a page could not connect or lost its connection; a missed ratio or memory target is printed, not an exit code.
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { once } from 'node:events';
import { join } from 'node:path';
import WebSocket from 'ws';
import { DataSource } from 'typeorm';
import { insertListing } from '../test/support/listings';
import { parseArgs } from './lib/args.mjs';
import { messageText, now, RECEIPT_FIELDS, SERVERS, TRANSPORTS, type BareSetup, type PageOrder, type SocketSent, type Transport } from './lib/conversation-traffic';
import { benchEnv, createSession, deleteQueueKeys, percentile, REDIS_URL } from './lib/fanout-support';
import { forkHelper } from './lib/helper-process';
import { memoryMb } from './lib/load.mjs';
import { databaseUrl, freePort, migrate, recreateDatabase, requireBuild, root, startApi } from './lib/stack.mjs';

const quick = process.argv.includes('--quick');
if (quick) process.argv.splice(process.argv.indexOf('--quick'), 1);
const options = parseArgs({
  /** Connected pages per server: one per person, half sellers, half buyers, a conversation per pair. */
  clients: quick ? 400 : 2000,
  /** Seconds of each throughput phase: messages sent `concurrency` at a time, each as soon as one is answered. */
  seconds: quick ? 3 : 8,
  concurrency: 32,
  /** Messages a second of each steady phase (the same for both servers), for `steadySeconds`. */
  rate: quick ? 25 : 50,
  steadySeconds: quick ? 5 : 10,
  rounds: quick ? 1 : 3,
  pageProcesses: 2,
  /** How messages are sent, each in phases of its own: `http`, `socket` or both (`http,socket`). */
  transports: 'http,socket',
  database: 'market_bench_conversations',
});
const transports = String(options.transports)
  .split(',')
  .map((name) => {
    if (!(TRANSPORTS as readonly string[]).includes(name)) throw new Error(`--transports: ${TRANSPORTS.join(', ')} or both, comma-separated`);
    return name as Transport;
  });
/** Issue 37's targets, the API against the bare server of the same run. */
const TARGETS = { throughputShare: 0.25, p99Factor: 25, kilobytesPerPage: 50 };
/** The messages limit's name in Redis (backend/src/conversations/conversation.limits.ts). */
const CONVERSATION_MESSAGES_LIMIT = 'conversation-messages';
const API = SERVERS.indexOf('api');
const BARE = SERVERS.indexOf('bare');

interface Person {
  id: string;
  cookie: string;
}
/** A conversation: its two people (indexes in `people`) take turns; its messages go one after the other. */
interface Talk {
  id: string;
  buyer: number;
  seller: number;
  turns: number;
  tail: Promise<void>;
}
interface Sent {
  /** Its place in the run, named in its text. */
  seq: number;
  server: number;
  transport: Transport;
  phase: number;
  sender: number;
  recipient: number;
  sentAt: number;
  status?: number;
  error?: string;
  messageId?: number;
}
type PhaseKind = 'warm-up' | 'throughput' | 'steady';
interface Phase {
  server: number;
  transport: Transport;
  kind: PhaseKind;
  /** CPU milliseconds used in the phase by the server's process, PostgreSQL for the bench's database, the pages' processes and the bench (sending). */
  cpu: { server: number; postgres: number; pages: number; sender: number };
  /** The machine's idle share in the phase. */
  idle: number;
}
interface Receipt {
  server: number;
  person: number;
  seq: number;
  messageId: number;
  at: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (value: number) => Number(value.toFixed(1));
/** User plus system CPU time of a process so far, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Memory {
  heapMb: number;
  rssMb: number;
}
const toMb = ({ heapUsed, rss }: Pick<NodeJS.MemoryUsage, 'heapUsed' | 'rss'>): Memory => ({ heapMb: heapUsed / 2 ** 20, rssMb: rss / 2 ** 20 });

/** The API's memory after a full collection, asked through its inspector (Chrome DevTools Protocol). */
async function apiMemory(inspectorPort: number): Promise<Pick<NodeJS.MemoryUsage, 'heapUsed' | 'rss'>> {
  const [target] = (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`).then((response) => response.json())) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await once(socket, 'open');
  const answers = new Map<number, (result: { result?: { value: string } }) => void>();
  socket.on('message', (data) => {
    const { id, result } = JSON.parse(String(data));
    answers.get(id)?.(result);
  });
  const call = (id: number, method: string, params = {}) =>
    new Promise<{ result?: { value: string } }>((resolve) => {
      answers.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call(1, 'HeapProfiler.collectGarbage');
  const { result } = await call(2, 'Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
  socket.close();
  return JSON.parse(result!.value);
}

/** CPU ms so far of each PostgreSQL backend serving `database` (its process title names it). */
function postgresCpu(database: string): Map<number, number> {
  const backends = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) backends.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // The process ended meanwhile.
    }
  }
  return backends;
}
const cpuSince = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** The machine's idle and total CPU time so far (all cores, clock ticks). */
function machineCpu(): { idle: number; total: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9).map(Number);
  return { idle: ticks[3] + ticks[4], total: ticks.reduce((sum, value) => sum + value, 0) };
}
const senderCpuMs = () => (process.cpuUsage().user + process.cpuUsage().system) / 1000;

/** Sending through node:http on kept-alive connections: fetch (undici) took the bench more CPU a message than the bare server's whole work. */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function post(url: string, cookie: string, body: unknown, retried = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = httpRequest(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Cookie: cookie } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    // A kept-alive connection the server closed (idle 5 s) just as it was reused: sent again once, as Node's documentation
    // advises and browsers do. Had the server taken it, the message would arrive twice and count as duplicated.
    request.on('error', (error: NodeJS.ErrnoException) =>
      request.reusedSocket && error.code === 'ECONNRESET' && !retried ? post(url, cookie, body, true).then(resolve, reject) : reject(error),
    );
    request.end(payload);
  });
}

/** Node raises its soft limit of open files to the hard one at start: this is what the processes get. */
function checkOpenFiles(): void {
  const limit = Number(/^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1]);
  const needed = Math.max(options.clients, (2 * options.clients) / options.pageProcesses) + 1024;
  if (limit < needed) {
    console.error(`Open files allowed: ${limit}; ${needed} needed. Raise the hard limit first (e.g. \`ulimit -Hn ${needed}; ulimit -n ${needed}\` as root).`);
    process.exit(1);
  }
}

/** Runs `work(index)` for 0..count-1, `concurrency` at a time; answers the results in order. */
async function inTurns<T>(count: number, concurrency: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) results[index] = await work(index);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

async function main(): Promise<void> {
  requireBuild(['backend/dist/main.js']);
  checkOpenFiles();
  if (options.clients % 2) throw new Error('--clients is even: a buyer and a seller per conversation');
  console.log(`Load average (1, 5, 15 min) at the start: ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  const url = databaseUrl(options.database);
  await recreateDatabase(options.database);
  migrate(url);
  const queuePrefix = `bench_conversations_${process.pid}`;
  const metricsToken = randomBytes(24).toString('hex');
  // No workers: the outbox's events (the bot relay, the inbox) wait in their table; pushes leave the API itself.
  // The inspector only to collect the garbage before each memory reading.
  const inspectorPort = await freePort();
  const api = await startApi({ ...benchEnv(url, queuePrefix, 'http://127.0.0.1:9'), METRICS_TOKEN: metricsToken }, { nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`, '--inspect-publish-uid=http'] });
  const bare = forkHelper(join(root, 'bench/lib/bare-relay.ts'), ['--expose-gc']);
  const pageHelpers = Array.from({ length: options.pageProcesses }, () => forkHelper(join(root, 'bench/lib/conversation-pages.ts')));
  const dataSource = await new DataSource({ type: 'postgres', url, extra: { max: 20 } }).initialize();
  let failed = false;
  try {
    const started = now();
    const people: Person[] = await inTurns(options.clients, 20, (index) => createSession(dataSource, `99877${String(index).padStart(7, '0')}`));
    const signedIn = now();
    const talks: Talk[] = await inTurns(options.clients / 2, 32, async (index) => {
      const [seller, buyer] = [2 * index, 2 * index + 1];
      const listingId = await insertListing(dataSource, { authorId: people[seller].id, status: 'active', photos: 0 });
      const response = await fetch(`${api.baseUrl}/api/conversations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: people[buyer].cookie },
        body: JSON.stringify({ listingId, text: 'Salom! Telefon hali sotuvdami?' }),
      });
      if (response.status !== 201) throw new Error(`Opening a conversation answered ${response.status}: ${await response.text()}`);
      const { id } = (await response.json()) as { id: string };
      return { id, buyer, seller, turns: 0, tail: Promise.resolve() };
    });
    console.log(
      `${people.length} people signed in (${round1((signedIn - started) / 1000)} s), ${talks.length} conversations opened through the API (${round1((now() - signedIn) / 1000)} s)`,
    );

    const setup: BareSetup = {
      people: people.map((person) => [person.cookie.slice('session='.length), person.id]),
      conversations: talks.map((talk) => [talk.id, people[talk.buyer].id, people[talk.seller].id]),
      redisUrl: REDIS_URL,
      adapterKey: `${queuePrefix}:bare:socket.io`,
    };
    const { port } = await bare.ask<{ port: number }>('start', setup);
    const urls = [api.baseUrl, `http://127.0.0.1:${port}`];
    const pids = [api.process.pid!, bare.pid];

    // Memory per page: each server's heap and resident set after a full collection, before and after its pages connect.
    const apiPagesCounted = async () => {
      const text = await fetch(`${api.baseUrl}/api/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } }).then((response) => response.text());
      return Number(/^conversation_connected_pages(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1]);
    };
    const memory = async (server: number) => toMb(server === API ? await apiMemory(inspectorPort) : await bare.ask<NodeJS.MemoryUsage>('memory'));
    const connected: Array<{ seconds: number; before: Memory; after: Memory }> = [];
    for (const server of [API, BARE]) {
      await sleep(3000);
      const before = await memory(server);
      const connectStarted = now();
      const refusals = await Promise.all(
        pageHelpers.map((helper, h) =>
          helper.ask<Record<string, number>>('connect', {
            pages: people.flatMap((person, index): PageOrder[] => (index % pageHelpers.length === h ? [{ server, url: urls[server], person: index, cookie: person.cookie }] : [])),
            concurrency: 25,
          }),
        ),
      );
      const seconds = (now() - connectStarted) / 1000;
      const refused = refusals.flatMap((byReason) => Object.entries(byReason));
      if (refused.length) {
        console.error(`${SERVERS[server]}: pages refused: ${JSON.stringify(refused)}`);
        failed = true;
      }
      await sleep(3000);
      connected[server] = { seconds, before, after: await memory(server) };
    }
    const apiPages = await apiPagesCounted();
    console.log(`Pages connected: ${options.clients} to each server (the API counts ${Number.isNaN(apiPages) ? '— (a build without conversation_connected_pages)' : apiPages}) in ${connected.map((c, s) => `${SERVERS[s]} ${round1(c.seconds)} s`).join(', ')}`);

    // Sending: each conversation's next message after its previous one was answered, the two people taking turns.
    const sent: Sent[] = [];
    const phases: Phase[] = [];
    let cursor = 0;
    async function send(server: number, phase: number, talk: Talk): Promise<void> {
      const sender = talk.turns++ % 2 === 0 ? talk.buyer : talk.seller;
      const { transport } = phases[phase];
      const record: Sent = { seq: sent.length, server, transport, phase, sender, recipient: sender === talk.buyer ? talk.seller : talk.buyer, sentAt: now() };
      sent.push(record);
      if (transport === 'socket') {
        // Sent by the pages process that holds the sender's page, on that page's socket; the send time is its own.
        try {
          const helper = pageHelpers[sender % pageHelpers.length];
          const { sentAt, answer } = await helper.ask<SocketSent>('send', { server, person: sender, conversationId: talk.id, text: messageText(record.seq) });
          record.sentAt = sentAt;
          if ('message' in answer) {
            record.status = 201;
            record.messageId = answer.message.id;
          } else {
            record.status = answer.status;
            record.error = JSON.stringify(answer.error).slice(0, 200);
          }
        } catch (error) {
          record.status = 0;
          record.error = (error as Error).message.split('\n')[0];
        }
        return;
      }
      try {
        const response = await post(`${urls[server]}/api/conversations/${talk.id}/messages`, people[sender].cookie, { text: messageText(record.seq), clientKey: randomUUID() });
        record.status = response.status;
        if (response.status === 201) record.messageId = (JSON.parse(response.body) as { id: number }).id;
        else record.error = response.body.slice(0, 200);
      } catch (error) {
        record.status = 0;
        record.error = (error as Error).message;
      }
    }
    function sendNext(server: number, phase: number): Promise<void> {
      const talk = talks[cursor++ % talks.length];
      const turn = talk.tail.then(() => send(server, phase, talk));
      talk.tail = turn;
      return turn;
    }

    const receipts: Receipt[] = [];
    let disconnects = 0;
    async function runPhase(server: number, transport: Transport, kind: PhaseKind, seconds: number): Promise<void> {
      const phase = phases.push({ server, transport, kind, cpu: { server: 0, postgres: 0, pages: 0, sender: 0 }, idle: 0 }) - 1;
      // The bench's people send faster than people type, beyond the messages limit (20 a minute per account): its counters
      // are cleared before each phase. Every message still consumes the limit (the same Redis command), none is refused.
      if (server === API) await deleteQueueKeys(`${queuePrefix}:limit:${CONVERSATION_MESSAGES_LIMIT}`);
      const pagesCpu = () => pageHelpers.reduce((sum, helper) => sum + cpuMs(helper.pid), 0);
      const cpuBefore = { server: cpuMs(pids[server]), postgres: postgresCpu(options.database), pages: pagesCpu(), sender: senderCpuMs(), machine: machineCpu() };
      const start = now();
      if (kind === 'steady') {
        const turns: Array<Promise<void>> = [];
        for (let index = 0; index < options.rate * seconds; index++) {
          const wait = start + (index * 1000) / options.rate - now();
          if (wait > 1) await sleep(wait);
          turns.push(sendNext(server, phase));
        }
        await Promise.all(turns);
      } else {
        const worker = async () => {
          while (now() - start < seconds * 1000) await sendNext(server, phase);
        };
        await Promise.all(Array.from({ length: options.concurrency }, worker));
      }
      // Both pages of the conversation get each message; wait for them (at most 10 s), then collect.
      const expected = 2 * sent.filter((record) => record.phase === phase && record.status === 201).length;
      for (const deadline = now() + 10_000; now() < deadline; await sleep(50)) {
        const counts = await Promise.all(pageHelpers.map((helper) => helper.ask<number>('count')));
        if (counts.reduce((sum, n) => sum + n, 0) >= expected) break;
      }
      const machine = machineCpu();
      phases[phase].cpu = {
        server: cpuMs(pids[server]) - cpuBefore.server,
        postgres: cpuSince(cpuBefore.postgres, postgresCpu(options.database)),
        pages: pagesCpu() - cpuBefore.pages,
        sender: senderCpuMs() - cpuBefore.sender,
      };
      phases[phase].idle = (machine.idle - cpuBefore.machine.idle) / (machine.total - cpuBefore.machine.total);
      const collections = await Promise.all(pageHelpers.map((helper) => helper.ask<{ receipts: number[]; disconnects: number }>('collect')));
      for (const collected of collections) {
        for (let at = 0; at < collected.receipts.length; at += RECEIPT_FIELDS) {
          const [server, person, seq, messageId, arrival] = collected.receipts.slice(at, at + RECEIPT_FIELDS);
          receipts.push({ server, person, seq, messageId, at: arrival });
        }
      }
      disconnects = collections.reduce((sum, collected) => sum + collected.disconnects, 0);
    }

    // Each server with each transport in turn.
    const turns = transports.flatMap((transport) => [BARE, API].map((server) => ({ server, transport })));
    for (const { server, transport } of turns) await runPhase(server, transport, 'warm-up', 2);
    for (let round = 0; round < options.rounds; round++) {
      for (const [k, kind] of (['throughput', 'steady'] as const).entries()) {
        // The order alternates, so that no turn always runs on a machine the one before just warmed or tired.
        for (const { server, transport } of (round + k) % 2 ? [...turns].reverse() : turns) {
          await runPhase(server, transport, kind, kind === 'steady' ? options.steadySeconds : options.seconds);
        }
      }
    }
    const end = { ...(await memory(API)), peakMb: memoryMb(pids[API]).peak };

    // Every message on both pages of its conversation, once; each page's messages in the order they were sent.
    const arrivals = new Map<number, Receipt[]>();
    for (const receipt of receipts.filter((candidate) => sent[candidate.seq]?.server === candidate.server)) {
      arrivals.set(receipt.seq, [...(arrivals.get(receipt.seq) ?? []), receipt]);
    }
    const sendFigures = (records: Sent[]) => {
      let lost = 0;
      let duplicated = 0;
      let lastArrival = -Infinity;
      const latencies: number[] = [];
      const ok = records.filter((record) => record.status === 201);
      for (const record of ok) {
        for (const person of [record.recipient, record.sender]) {
          const times = (arrivals.get(record.seq) ?? []).filter((receipt) => receipt.person === person).map((receipt) => receipt.at);
          if (times.length === 0) lost++;
          duplicated += Math.max(0, times.length - 1);
          if (person === record.recipient && times.length) {
            latencies.push(times[0] - record.sentAt);
            lastArrival = Math.max(lastArrival, times[0]);
          }
        }
      }
      latencies.sort((a, b) => a - b);
      // Not Math.min(...): a server's sends in all (some 200,000 on the socket) overflow the call stack as arguments.
      const firstSent = ok.reduce((first, record) => Math.min(first, record.sentAt), Infinity);
      return { ok, lost, duplicated, latencies, refused: records.length - ok.length, seconds: (lastArrival - firstSent) / 1000 };
    };
    const outOfOrder = SERVERS.map((_, server) => {
      const lastOf = new Map<number, Receipt>();
      let count = 0;
      for (const receipt of receipts.filter((candidate) => candidate.server === server)) {
        const last = lastOf.get(receipt.person);
        if (last && (receipt.seq <= last.seq || receipt.messageId <= last.messageId)) count++;
        lastOf.set(receipt.person, receipt);
      }
      return count;
    });
    const strays = receipts.filter((receipt) => sent[receipt.seq]?.server !== receipt.server).length;

    const ms = (value: number) => round1(value);
    console.table(
      phases.map((phase, index) => {
        const figures = sendFigures(sent.filter((record) => record.phase === index));
        return {
          server: SERVERS[phase.server],
          sent: phase.transport,
          phase: phase.kind,
          messages: figures.ok.length,
          'msg/s': Math.round(figures.ok.length / figures.seconds),
          'p50 ms': ms(percentile(figures.latencies, 0.5)),
          'p99 ms': ms(percentile(figures.latencies, 0.99)),
          'max ms': ms(figures.latencies.at(-1) ?? NaN),
          // CPU a message: the server's, PostgreSQL's, the pages' (two arrivals), the sender's; and the machine's idle share.
          'CPU ms/msg server': round1(phase.cpu.server / figures.ok.length),
          postgres: round1(phase.cpu.postgres / figures.ok.length),
          pages: round1(phase.cpu.pages / figures.ok.length),
          sender: round1(phase.cpu.sender / figures.ok.length),
          'idle %': Math.round(phase.idle * 100),
          lost: figures.lost,
          duplicated: figures.duplicated,
          refused: figures.refused,
        };
      }),
    );

    // The targets: throughput over every throughput phase, the p99 over every steady phase, of each server and transport.
    const over = (server: number, transport: Transport, kind: PhaseKind) => {
      const indexes = phases.flatMap((phase, index) => (phase.server === server && phase.transport === transport && phase.kind === kind ? [index] : []));
      const perPhase = indexes.map((index) => sendFigures(sent.filter((record) => record.phase === index)));
      const latencies = perPhase.flatMap((figures) => figures.latencies).sort((a, b) => a - b);
      return {
        perSecond: perPhase.reduce((sum, figures) => sum + figures.ok.length, 0) / perPhase.reduce((sum, figures) => sum + figures.seconds, 0),
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
      };
    };
    const delivery = SERVERS.map((_, server) => sendFigures(sent.filter((record) => record.server === server)));
    const perPage = (server: number, field: 'rssMb' | 'heapMb') => ((connected[server].after[field] - connected[server].before[field]) * 1024) / options.clients;
    const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
    // Judged on the larger of the two: the live heap is exact but leaves out what lives outside it (sockets' buffers).
    const apiKb = Math.max(perPage(API, 'rssMb'), perPage(API, 'heapMb'));
    const deliveredOnce = (server: number) => delivery[server].lost + delivery[server].duplicated + delivery[server].refused + outOfOrder[server] === 0;

    console.log(`\n${options.clients} pages per server, ${options.rounds} round(s); steady phases at ${options.rate} messages a second; sent ${transports.join(' and ')}`);
    for (const server of [API, BARE]) {
      for (const transport of transports) {
        const [throughput, steady] = [over(server, transport, 'throughput'), over(server, transport, 'steady')];
        console.log(`${SERVERS[server]}, sent ${transport}: throughput ${Math.round(throughput.perSecond)} msg/s; steady p50 ${ms(steady.p50)} ms, p99 ${ms(steady.p99)} ms`);
      }
      const { ok, lost, duplicated, refused } = delivery[server];
      const c = connected[server];
      console.log(
        `${SERVERS[server]}: ${ok.length} messages sent, ${lost} arrivals lost, ${duplicated} duplicated, ${outOfOrder[server]} out of order, ${refused} sends refused; ` +
          `with the pages connected RSS ${round1(c.before.rssMb)} → ${round1(c.after.rssMb)} MB (${round1(perPage(server, 'rssMb'))} KB a page), ` +
          `live heap ${round1(c.before.heapMb)} → ${round1(c.after.heapMb)} MB (${round1(perPage(server, 'heapMb'))} KB a page)`,
      );
    }
    console.log(`API at the end: RSS ${round1(end.rssMb)} MB (peak ${end.peakMb} MB), live heap ${round1(end.heapMb)} MB; pages disconnected during the run: ${disconnects}${strays ? `; stray arrivals: ${strays}` : ''}`);
    const refusals = new Map<string, number>();
    for (const record of sent.filter((candidate) => candidate.status !== 201)) {
      const reason = `${SERVERS[record.server]} ${record.transport} ${record.status || 'no answer'} ${record.error ?? ''}`.trim();
      refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
    }
    if (refusals.size) console.log(`Sends refused: ${[...refusals].map(([reason, count]) => `${count} × ${reason}`).join('; ')}`);
    console.log('Targets (issue 37), the API against the bare server sending the same way:');
    for (const transport of transports) {
      const share = over(API, transport, 'throughput').perSecond / over(BARE, transport, 'throughput').perSecond;
      const factor = over(API, transport, 'steady').p99 / over(BARE, transport, 'steady').p99;
      console.log(`- sent ${transport}: messages a second, the API ${round1(share * 100)} % of the bare server's (target ≥ ${TARGETS.throughputShare * 100} %): ${verdict(share >= TARGETS.throughputShare)}`);
      console.log(`- sent ${transport}: p99 send to receipt, the API ${round1(factor)} × the bare server's (target ≤ ${TARGETS.p99Factor} ×): ${verdict(factor <= TARGETS.p99Factor)}`);
    }
    if (transports.length === 2) {
      const [apiSocket, apiHttp, bareHttp] = [over(API, 'socket', 'throughput'), over(API, 'http', 'throughput'), over(BARE, 'http', 'throughput')];
      console.log(
        `  (the API sent on the socket against the bare server sent over HTTP, the runs before the socket: ${round1((apiSocket.perSecond / bareHttp.perSecond) * 100)} %; ` +
          `the API on the socket against the API over HTTP: ${round1(apiSocket.perSecond / apiHttp.perSecond)} ×)`,
      );
    }
    console.log(`- every message delivered once and in order: ${verdict(deliveredOnce(API))}${deliveredOnce(BARE) ? '' : ' (the bare server lost, misordered or refused some)'}`);
    console.log(`- the API's memory per connected page, the larger of RSS and live heap: ${round1(apiKb)} KB (target < ${TARGETS.kilobytesPerPage} KB): ${verdict(apiKb < TARGETS.kilobytesPerPage)}`);
    failed = failed || !deliveredOnce(API) || !deliveredOnce(BARE) || disconnects > 0 || strays > 0;
  } finally {
    await Promise.all(pageHelpers.map((helper) => helper.ask('close').catch(() => undefined)));
    await Promise.all([...pageHelpers, bare].map((helper) => helper.stop()));
    await api.stop();
    await dataSource.destroy();
    await deleteQueueKeys(queuePrefix);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
