import type { INestApplication } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SessionService } from '../../backend/src/auth/session.service';

export interface TestUser {
  id: string;
  phoneNumber: string;
  /** The Cookie header of a live session of this user. */
  cookie: string;
}

/** A random Uzbek mobile number (998 77 …), valid wherever a number is asked for; callers retry on the rare clash. */
export function randomTestPhone(): string {
  return `99877${String(randomInt(10_000_000)).padStart(7, '0')}`;
}

/** Creates a user straight in the database and signs them in, for tests of other areas than accounts. */
export async function createSignedInUser(
  app: INestApplication,
  options: { role?: 'admin' | 'user'; name?: string; balance?: number } = {},
): Promise<TestUser> {
  let phoneNumber: string;
  let rows: Array<{ id: string }>;
  do {
    phoneNumber = randomTestPhone();
    rows = await app.get(DataSource).query(
      `INSERT INTO users (phone_number, role, name, phone_confirmed, balance) VALUES ($1, $2, $3, true, $4)
       ON CONFLICT (phone_number) DO NOTHING RETURNING id`,
      [phoneNumber, options.role ?? 'user', options.name ?? 'Test seller', options.balance ?? 0],
    );
  } while (rows.length === 0);
  const [{ id }] = rows;
  const { token } = await app.get(SessionService).start(id);
  return { id, phoneNumber, cookie: `session=${token}` };
}
