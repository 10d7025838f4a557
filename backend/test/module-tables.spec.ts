import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

const SOURCES = join(__dirname, '..', 'src');
const WORKERS = join(__dirname, '..', '..', 'workers', 'src');
const MIGRATIONS = join(SOURCES, 'database', 'migrations');

/**
 * Every table and the one module (folder of backend/src) that owns it: only its files write the
 * table; other modules, and the workers, go through its exported services and read fragments. A
 * migration's new table gets its line here.
 */
const OWNERS: Record<string, string> = {
  users: 'users',
  sessions: 'auth',
  sms_delivery: 'auth',
  sms_early_delivery_report: 'auth',
  images: 'uploads',
  categories: 'categories',
  devices: 'devices',
  spec_source_pacing: 'devices',
  balance_entry: 'balance',
  promotion: 'promotions',
  promotion_price: 'promotions',
  payment_transaction: 'payments',
  listing: 'listings',
  listing_image: 'listings',
  channel_publication_step: 'listings',
  exchange_rate: 'listings',
  listing_counter: 'browse',
  listing_report: 'moderation',
  listing_check: 'moderation',
  banned_word: 'moderation',
  seller_message_look: 'moderation',
  telegram_subscription: 'telegram',
  telegram_link_token: 'telegram',
  telegram_contact: 'telegram',
  favourite: 'favourites',
  price_drop_delivery: 'favourites',
  price_drop_announcement: 'favourites',
  saved_search: 'saved-searches',
  saved_search_match: 'saved-searches',
  conversation: 'conversations',
  conversation_message: 'conversations',
  conversation_report: 'conversations',
  conversation_moderator_read: 'conversations',
  conversation_relay: 'conversations',
  user_block: 'conversations',
  notification: 'notifications',
  notification_delivery: 'notifications',
  outbox_event: 'events',
  deal: 'reputation',
  review: 'reputation',
  review_report: 'reputation',
  seller_rating: 'reputation',
};

/**
 * The modules that also read a table in their own SQL, never writing it: browsing and moderation
 * query the listings they show and judge (issue 34 item 2 split them from the listings module).
 * Every other table is read by others only through its owner's services and read fragments.
 */
const READERS: Record<string, readonly string[]> = {
  // Promotions (issue 39) check that the listing they sell for is on sale, and settle those that left sale.
  listing: ['browse', 'moderation', 'promotions'],
  listing_image: ['browse', 'moderation'],
};


/** A table named in SQL (whose keywords are upper case in this code, unlike the comments' words); group 1 says whether it is written. */
const NAMED_IN_SQL = new RegExp(`\\b(?:(UPDATE|INTO|DELETE\\s+FROM)|FROM|JOIN)\\s+(${Object.keys(OWNERS).join('|')})\\b`, 'g');

/** The TypeScript sources under `root` that run (specs check what was stored; `skip` leaves a folder out). */
function sourcesOf(root: string, skip?: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !(skip && file.startsWith(skip)),
  );
}

describe('every table has one owner (issue 16 item 3, issue 34 item 1)', () => {
  it('gives every table the migrations create one owning module', () => {
    const created = readdirSync(MIGRATIONS).flatMap((file) =>
      [...readFileSync(join(MIGRATIONS, file), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/g)].map(([, table]) => table),
    );
    expect(created.length).toBeGreaterThan(20);
    expect(Object.keys(OWNERS).sort()).toEqual([...new Set(created)].sort());
    for (const owner of new Set(Object.values(OWNERS))) expect(readdirSync(SOURCES)).toContain(owner);
  });

  it('writes each table only inside the backend module that owns it, and reads it elsewhere only where READERS says so', () => {
    // The migrations build every table.
    const files = sourcesOf(SOURCES, join('database', 'migrations'));
    const strays = files.flatMap((file) => {
      const module = file.split(sep)[0];
      return [...readFileSync(join(SOURCES, file), 'utf8').matchAll(NAMED_IN_SQL)]
        .filter(([, written, table]) => OWNERS[table] !== module && (written || !READERS[table]?.includes(module)))
        .map(([named]) => `${file}: ${named}`);
    });
    expect(files.length).toBeGreaterThan(100);
    expect(strays).toEqual([]);
  });

  it("keeps the workers to adapters: no table named in SQL, no repository, no backend file but @market/backend's exports", () => {
    const files = sourcesOf(WORKERS);
    const strays = files.flatMap((file) => {
      const source = readFileSync(join(WORKERS, file), 'utf8');
      return [
        ...[...source.matchAll(NAMED_IN_SQL)].map(([named]) => named),
        ...[...source.matchAll(/\b(?:getRepository|createQueryBuilder|InjectRepository)\b|from '(?:\.\.\/)+backend\/[^']*'/g)].map(([used]) => used),
      ].map((named) => `${file}: ${named}`);
    });
    expect(files.length).toBeGreaterThan(30);
    expect(strays).toEqual([]);
  });
});
