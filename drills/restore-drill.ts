// The restore drill of issue 42: a scratch PostgreSQL cluster archives its WAL and is backed up with
// pgBackRest under deploy/pgbackrest/pgbackrest.conf's own settings (compression, encryption,
// asynchronous archiving), the site's writes go on, and a second cluster is restored from the
// repository to a noted second: every row committed before it is there, none after, and every
// balance is still the sum of its ledger. `npm run drills -- --restore` runs it at full size,
// restore.drill.ts in CI.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Client } from 'pg';
import { asOwner, chownTree, clusterOwner, createCluster, freePort, startCluster, stopClusters, withClient } from './scratch-cluster';

const run = promisify(execFile);
const STANZA = 'drill';
const DEPLOY_CONFIG = join(__dirname, '../deploy/pgbackrest/pgbackrest.conf');
/** The deploy's settings that name this machine's paths and secrets: the drill gives its own. */
const MACHINE_SETTINGS = /^(repo1-path|spool-path|log-path|lock-path|repo1-cipher-pass|log-level-file)=/;

export interface RestoreDrillOptions {
  /** Listings in the database before its base backup (a million for the bench's size). */
  listings: number;
  /** Sellers whose top-up, listing, charge and buyer's message are written after the backup. */
  sellers: number;
  /** Applies the project's migrations to a database URL. */
  migrate(url: string): Promise<void>;
  log(line: string): void;
}

export interface RestoreDrillResult {
  /** Seconds each step took. */
  timings: Record<'fill' | 'backup' | 'writes' | 'restore' | 'recovery', number>;
  backupBytes: number;
  /** What the restored cluster held of what was written after the backup. */
  restored: { before: number; beforeTotal: number; after: number; ledgerMismatches: number; listings: number };
}

interface Written {
  users: string[];
  payments: string[];
  listings: string[];
  entries: string[];
  messages: string[];
}

/** Runs the drill in a temporary directory, removed afterwards with both clusters stopped. */
export async function runRestoreDrill(options: RestoreDrillOptions): Promise<RestoreDrillResult> {
  const work = await mkdtemp(join(tmpdir(), 'restore-drill-'));
  const owner = await clusterOwner();
  const paths = { primary: join(work, 'primary'), restored: join(work, 'restored'), repo: join(work, 'repo'), sockets: work };
  const running: string[] = [];
  const timings = {} as RestoreDrillResult['timings'];
  const timed = async <T>(step: keyof RestoreDrillResult['timings'], work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    timings[step] = (performance.now() - started) / 1000;
    options.log(`${step}: ${timings[step].toFixed(1)} s`);
    return result;
  };
  try {
    for (const directory of ['repo', 'spool', 'log', 'lock']) await mkdir(join(work, directory));
    if (owner) await chownTree(work, owner);
    const primaryPort = await freePort();
    const config = join(work, 'pgbackrest.conf');
    await writeFile(config, await drillConfig(work, paths.primary, primaryPort));
    const pgbackrest = (...args: string[]) => asOwner(owner, 'pgbackrest', [`--config=${config}`, `--stanza=${STANZA}`, ...args]);

    await createCluster(owner, paths.primary, [
      `port = ${primaryPort}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${paths.sockets}'`,
      'wal_level = replica',
      'archive_mode = on',
      `archive_command = 'pgbackrest --config=${config} --stanza=${STANZA} archive-push %p'`,
    ]);
    await startCluster(owner, paths.primary, running);
    await pgbackrest('stanza-create');
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/market`;
    await withClient(primaryUrl.replace(/\/market$/, '/postgres'), (client) => client.query('CREATE DATABASE market'));
    await options.migrate(primaryUrl);

    await timed('fill', () => withClient(primaryUrl, (client) => fillListings(client, options.listings)));
    await timed('backup', () => pgbackrest('--type=full', 'backup'));
    const [{ backup }] = JSON.parse(await pgbackrest('--output=json', 'info')) as [{ backup: { label: string }[] }];
    const backupBytes = await repositorySize(paths.repo);

    // Written after the base backup: they come back only through the archived WAL.
    const { before, target, after } = await timed('writes', () =>
      withClient(primaryUrl, async (client) => {
        let people = 0;
        const phone = () => `99877${String(++people).padStart(7, '0')}`;
        const before = await writeSellers(client, options.sellers, phone);
        const target = await serverTimestamp(client);
        const after = await writeSellers(client, 1, phone);
        return { before, target, after };
      }),
    );
    options.log(`restoring to ${target}`);
    // Forces the last segment out and waits until it is archived.
    await pgbackrest('check');

    const restoredPort = await freePort();
    await mkdir(paths.restored, { mode: 0o700 });
    if (owner) await chown(paths.restored, owner.uid, owner.gid);
    await timed('restore', () =>
      // The backup is named: pgBackRest would otherwise look for one that ended before the target's second.
      pgbackrest(`--pg1-path=${paths.restored}`, `--set=${backup.at(-1)!.label}`, '--type=time', `--target=${target}`, '--target-action=promote', 'restore'),
    );
    // The copy must not archive into the production stanza's repository.
    await appendFile(join(paths.restored, 'postgresql.conf'), `port = ${restoredPort}\narchive_mode = off\n`);
    const restoredUrl = `postgres://postgres@127.0.0.1:${restoredPort}/market`;
    await timed('recovery', async () => {
      await startCluster(owner, paths.restored, running);
      await withClient(restoredUrl, (client) => waitForPromotion(client));
    });
    const restored = await withClient(restoredUrl, (client) => compare(client, before, after));
    return { timings, backupBytes, restored };
  } finally {
    await stopClusters(owner, running);
    await rm(work, { recursive: true, force: true });
  }
}

/** The deploy configuration with this run's paths, a fresh passphrase and the drill's stanza. */
async function drillConfig(work: string, primary: string, port: number): Promise<string> {
  const deploy = await readFile(DEPLOY_CONFIG, 'utf8');
  const global = deploy.slice(deploy.indexOf('[global]'), deploy.indexOf('[telefon-bozor]'));
  const kept = global.split('\n').filter((line) => line.trim() && !line.startsWith('#') && !MACHINE_SETTINGS.test(line));
  return [
    ...kept.slice(0, kept.indexOf('[global:archive-push]')),
    `repo1-path=${join(work, 'repo')}`,
    `repo1-cipher-pass=${randomBytes(48).toString('base64')}`,
    `spool-path=${join(work, 'spool')}`,
    `log-path=${join(work, 'log')}`,
    `lock-path=${join(work, 'lock')}`,
    'log-level-file=off',
    ...kept.slice(kept.indexOf('[global:archive-push]')),
    `[${STANZA}]`,
    `pg1-path=${primary}`,
    `pg1-port=${port}`,
    `pg1-socket-path=${work}`,
    '',
  ].join('\n');
}

/** Listings of a bulk seller, as the feed holds them, before the backup. */
async function fillListings(client: Client, count: number): Promise<void> {
  const [{ category }] = (await client.query(`INSERT INTO categories (name, color, number) VALUES ('Drill brand', '#0f766e', 0) RETURNING id AS category`)).rows;
  const [{ device }] = (
    await client.query(`INSERT INTO devices (name, category_id, quick_spec, detail_spec) VALUES ('Drill Phone 1', $1, '[]', '[]') RETURNING id AS device`, [category])
  ).rows;
  const [{ author }] = (await client.query(`INSERT INTO users (phone_number, phone_confirmed) VALUES ('998760000000', true) RETURNING id AS author`)).rows;
  await client.query(
    `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description,
                          phone_number, status, tarif, ram, storage, color)
     SELECT $1, $2, $3, 'Drill Phone 1', 1000000 + n % 9000000, 'uzs', 1000000 + n % 9000000, 'toshkent',
            'Ideal holatda, quti va hujjatlari bor ' || n, '998901112233', 'active', 0, '8GB', '128GB', 'Black'
     FROM generate_series(1, $4::int) AS n`,
    [author, device, category, count],
  );
  await client.query('ANALYZE');
}

/**
 * Each seller's day, in one transaction as the API commits it: a confirmed card top-up and its
 * ledger entry, a listing and its charge, the balance moved with each, and a buyer's message.
 */
async function writeSellers(client: Client, count: number, phone: () => string): Promise<Written> {
  const written: Written = { users: [], payments: [], listings: [], entries: [], messages: [] };
  const [{ device, category }] = (await client.query(`SELECT id AS device, category_id AS category FROM devices LIMIT 1`)).rows;
  for (let seller = 0; seller < count; seller++) {
    await client.query('BEGIN');
    const one = async (sql: string, params: unknown[]) => (await client.query(sql, params)).rows[0].id as string;
    const user = await one(`INSERT INTO users (phone_number, phone_confirmed, balance) VALUES ($1, true, 0) RETURNING id`, [phone()]);
    const buyer = await one(`INSERT INTO users (phone_number, phone_confirmed) VALUES ($1, true) RETURNING id`, [phone()]);
    const payment = await one(
      `INSERT INTO payment_transaction (id, user_id, amount, card_last4, card_type, provider, provider_ref, status, confirmed_at)
       VALUES (gen_random_uuid(), $1, 50000, '4242', 'uzcard', 'payme', 'receipt-' || gen_random_uuid(), 'confirmed', now()) RETURNING id`,
      [user],
    );
    const topUp = await one(`INSERT INTO balance_entry (user_id, amount, kind, reference) VALUES ($1, 50000, 'topUp', $2) RETURNING id`, [user, payment]);
    const listing = await one(
      `INSERT INTO listing (author_id, device_id, category_id, name, price, valut, price_uzs, region, description,
                            phone_number, status, tarif, ram, storage, color)
       VALUES ($1, $2, $3, 'Drill Phone 1', 6500000, 'uzs', 6500000, 'samarqand', 'Yangi, ochilmagan', '998901112233', 'waiting', 1, '8GB', '128GB', 'Black')
       RETURNING id`,
      [user, device, category],
    );
    const charge = await one(`INSERT INTO balance_entry (user_id, amount, kind, reference) VALUES ($1, -20000, 'listingCharge', $2) RETURNING id`, [user, listing]);
    await client.query(`UPDATE users SET balance = balance + 50000 - 20000 WHERE id = $1`, [user]);
    const conversation = await one(`INSERT INTO conversation (listing_id, buyer_id, seller_id) VALUES ($1, $2, $3) RETURNING id`, [listing, buyer, user]);
    const message = await one(`INSERT INTO conversation_message (conversation_id, author_id, text) VALUES ($1, $2, 'Salom, hali sotuvdami?') RETURNING id::text`, [
      conversation,
      buyer,
    ]);
    await client.query('COMMIT');
    written.users.push(user, buyer);
    written.payments.push(payment);
    written.listings.push(listing);
    written.entries.push(topUp, charge);
    written.messages.push(message);
  }
  return written;
}

/** The server's clock, after every commit so far, as pgBackRest's --target reads it. */
async function serverTimestamp(client: Client): Promise<string> {
  const { rows } = await client.query(`SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS now`);
  return rows[0].now as string;
}

const TABLES: Record<keyof Written, string> = {
  users: 'users',
  payments: 'payment_transaction',
  listings: 'listing',
  entries: 'balance_entry',
  messages: 'conversation_message',
};

async function compare(client: Client, before: Written, after: Written): Promise<RestoreDrillResult['restored']> {
  const present = async (written: Written) => {
    let found = 0;
    for (const [part, table] of Object.entries(TABLES) as [keyof Written, string][]) {
      const { rows } = await client.query(`SELECT count(*)::int AS found FROM ${table} WHERE id::text = ANY($1)`, [written[part]]);
      found += rows[0].found as number;
    }
    return found;
  };
  const { rows: ledger } = await client.query(
    `SELECT count(*)::int AS mismatches FROM users
     WHERE balance <> coalesce((SELECT sum(amount) FROM balance_entry WHERE balance_entry.user_id = users.id), 0)`,
  );
  const { rows: listings } = await client.query(`SELECT count(*)::int AS listings FROM listing`);
  return {
    before: await present(before),
    beforeTotal: Object.values(before).reduce((sum, ids: string[]) => sum + ids.length, 0),
    after: await present(after),
    ledgerMismatches: ledger[0].mismatches as number,
    listings: listings[0].listings as number,
  };
}

async function waitForPromotion(client: Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query('SELECT pg_is_in_recovery() AS recovering');
    if (!rows[0].recovering) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function repositorySize(path: string): Promise<number> {
  const { stdout } = await run('du', ['-sb', path]);
  return Number(stdout.split('\t')[0]);
}
