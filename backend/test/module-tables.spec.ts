import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

const SOURCES = join(__dirname, '..', 'src');

/** Tables and the module (folder of backend/src) that owns each: the others read them through its services and read fragments. */
const OWNERS: Record<string, string> = {
  users: 'users',
  images: 'uploads',
  categories: 'categories',
  devices: 'devices',
  conversation: 'conversations',
  conversation_message: 'conversations',
  conversation_report: 'conversations',
  conversation_moderator_read: 'conversations',
  conversation_relay: 'conversations',
  notification: 'notifications',
};
/** A table named in SQL (whose keywords are upper case in this code, unlike the comments' words). */
const NAMED_IN_SQL = new RegExp(`\\b(?:FROM|JOIN|UPDATE|INTO)\\s+(${Object.keys(OWNERS).join('|')})\\b`, 'g');

describe('module boundaries (issue 16 item 3)', () => {
  it('names the users, images, categories, devices, conversations and notification tables in SQL only inside the module that owns each', () => {
    const files = readdirSync(SOURCES, { recursive: true, encoding: 'utf8' }).filter(
      // The migrations build every table, and specs check what was stored.
      (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.startsWith(join('database', 'migrations')),
    );
    const strays = files.flatMap((file) => {
      const module = file.split(sep)[0];
      return [...readFileSync(join(SOURCES, file), 'utf8').matchAll(NAMED_IN_SQL)]
        .filter(([, table]) => OWNERS[table] !== module)
        .map(([named]) => `${file}: ${named}`);
    });
    expect(files.length).toBeGreaterThan(100);
    expect(strays).toEqual([]);
  });
});
