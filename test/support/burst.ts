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
