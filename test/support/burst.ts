import type { DataSource } from 'typeorm';
import { eventually } from './eventually';

/**
 * Sends `count` requests released together, as an attacker's script does: every request is built
 * first, then all are started in the same turn of the event loop, so none waits for another's
 * answer. A limit that checks, works, then records lets them all through; one consumed before the
 * work lets through only its number. Answers come back in the order of `attempt`'s index.
 *
 *   const answers = await burst(61, (i) => request(server).post('/api/auth/login').send(guess(i)));
 *   expect(statuses(answers).filter((status) => status === 401)).toHaveLength(5);
 */
export async function burst<T>(count: number, attempt: (index: number) => PromiseLike<T>): Promise<T[]> {
  const prepared = Array.from({ length: count }, (_, index) => () => attempt(index));
  // One barrier, so that building the requests (supertest opens its server lazily) is not interleaved with sending them.
  await Promise.resolve();
  return Promise.all(prepared.map((start) => start()));
}

/** How many answers had each status: `{ 401: 5, 429: 56 }`. */
export function countStatuses(answers: readonly { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * A burst lined up behind one row: `lock` holds it (SELECT ... FOR UPDATE) in a transaction of `dataSource` while
 * the burst starts, and lets it go once `waiting` requests wait for it, by then holding as many connections of their
 * pool. The first to get the row then works while the others still hold theirs, as at a busy moment; a request that
 * asks its pool for a second connection meanwhile waits for them (a burst alone rarely lines up so when the row is
 * held only briefly). Answers as `burst` does.
 */
export async function burstBehindRow<T>(
  dataSource: DataSource,
  lock: { sql: string; params: unknown[] },
  waiting: number,
  count: number,
  attempt: (index: number) => PromiseLike<T>,
): Promise<T[]> {
  const { answers } = await dataSource.transaction(async (holder) => {
    await holder.query(lock.sql, lock.params);
    const answers = burst(count, attempt);
    await eventually(async () => {
      // A transaction keeps its first view of pg_stat_activity unless told to look again.
      await holder.query(`SELECT pg_stat_clear_snapshot()`);
      const [{ lined }]: { lined: number }[] = await holder.query(
        `SELECT count(*)::int AS lined FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (lined !== waiting) throw new Error(`${lined} requests wait for the row, not ${waiting}`);
    });
    return { answers };
  });
  return answers;
}
