import { AsyncLocalStorage } from 'node:async_hooks';
import { Pool } from 'pg';
import { EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * Fails a test whose code asks a transaction's pool for another connection inside that transaction's callback. The
 * transaction holds its row locks meanwhile: once requests waiting for those rows hold every connection, neither side
 * gets one, and all answer 503 after the pool's timeout (a burst of one seller's promotions did). A query inside
 * takes the transaction's manager. Another pool (the public reads') is no such risk: none of its connections waits
 * for a lock.
 */
const insideTransaction = new AsyncLocalStorage<{ pool: Pool; open: boolean }>();
const secondConnections: string[] = [];

type Work = (manager: EntityManager) => Promise<unknown>;
type Transaction = (this: EntityManager, isolationOrWork: unknown, work?: Work) => Promise<unknown>;
const transaction = EntityManager.prototype.transaction as Transaction;
EntityManager.prototype.transaction = function (this: EntityManager, isolationOrWork: unknown, work?: Work) {
  const given = typeof isolationOrWork === 'function' ? (isolationOrWork as Work) : work!;
  const inside = { pool: (this.connection.driver as PostgresDriver).master as Pool, open: true };
  const watched: Work = (manager) =>
    insideTransaction.run(inside, async () => {
      try {
        return await given(manager);
      } finally {
        inside.open = false;
      }
    });
  return typeof isolationOrWork === 'function' ? transaction.call(this, watched) : transaction.call(this, isolationOrWork, watched);
} as Transaction as typeof EntityManager.prototype.transaction;

const connect = Pool.prototype.connect as (this: Pool, ...args: unknown[]) => unknown;
Pool.prototype.connect = function (this: Pool, ...args: unknown[]) {
  const inside = insideTransaction.getStore();
  if (inside?.open && inside.pool === this) secondConnections.push(callers());
  return connect.apply(this, args);
} as typeof Pool.prototype.connect;

/** Where the code asked: the application's frames of the stack. */
function callers(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const stack = new Error().stack!;
  Error.stackTraceLimit = limit;
  return stack
    .split('\n')
    .filter((frame) => /\/(backend|workers|drills)\//.test(frame))
    .join('\n');
}

afterEach(() => {
  const found = secondConnections.splice(0);
  if (found.length) throw new Error(`Asked the pool for another connection inside a transaction: pass the transaction's manager\n${found.join('\n\n')}`);
});
