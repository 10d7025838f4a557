import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SessionService } from '../../backend/src/auth/session.service';

export interface TestUser {
  id: string;
  phoneNumber: string;
  /** The Cookie header of a live session of this user. */
  cookie: string;
}

let counter = 0;

/** A phone number no other test of this run uses: 99877 + pid-derived digits + a counter. */
export function uniquePhone(): string {
  counter += 1;
  return `99877${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(3, '0')}`;
}

/** Creates a user straight in the database and signs them in, for tests of other areas than accounts. */
export async function createSignedInUser(
  app: INestApplication,
  options: { role?: 'admin' | 'user'; name?: string; balance?: number } = {},
): Promise<TestUser> {
  const phoneNumber = uniquePhone();
  const [{ id }] = await app
    .get(DataSource)
    .query(`INSERT INTO users (phone_number, role, name, phone_confirmed, balance) VALUES ($1, $2, $3, true, $4) RETURNING id`, [
      phoneNumber,
      options.role ?? 'user',
      options.name ?? 'Test seller',
      options.balance ?? 0,
    ]);
  const { token } = await app.get(SessionService).start(id);
  return { id, phoneNumber, cookie: `session=${token}` };
}
