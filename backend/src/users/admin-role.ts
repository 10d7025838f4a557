import type { EntityManager } from 'typeorm';

/**
 * Gives the admin role to these numbers (12 digits each). A number without an account gets
 * one with no password yet: its owner signs in through the normal first sign-in, which
 * sends a password by SMS. Answers the numbers whose accounts were created.
 */
export async function grantAdminRole(manager: EntityManager, phoneNumbers: readonly string[]): Promise<string[]> {
  if (phoneNumbers.length === 0) return [];
  const rows: { phone_number: string; created: boolean }[] = await manager.query(
    `INSERT INTO users (phone_number, role)
     SELECT DISTINCT unnest($1::text[]), 'admin'
     ON CONFLICT (phone_number) DO UPDATE SET role = 'admin'
     RETURNING phone_number, (xmax = 0) AS created`,
    [phoneNumbers],
  );
  return rows.filter((row) => row.created).map((row) => row.phone_number);
}
