import type { PoolClient } from 'pg';
import type { EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';

const statementNames = new Map<string, string>();

/** One name per text, the same on every connection (each prepares it on first use). */
export function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `prepared-${statementNames.size + 1}`));
  return name;
}

/**
 * `sql` as a prepared statement of the connection it runs on: planned once per connection, not at
 * every call. For a write that runs on every message of a conversation, planning was two thirds of
 * PostgreSQL's time (0.6 of 0.9 ms; bench/RESULTS.md, "Conversations sent on the socket"). Inside a
 * transaction it runs on the transaction's connection.
 */
export async function queryPrepared<Row>(database: EntityManager, sql: string, params: unknown[]): Promise<Row[]> {
  const query = { name: statementName(sql), text: sql, values: params };
  const runner = database.queryRunner as PostgresQueryRunner | undefined;
  if (runner && !runner.isReleased) {
    const client = (await runner.connect()) as PoolClient;
    return (await client.query(query)).rows as Row[];
  }
  return (await (database.connection.driver as PostgresDriver).master.query(query)).rows as Row[];
}
