import type { INestApplication } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SessionService } from '../src/auth/session.service';
import type { TestUser } from '../../test/support/users';

/**
 * A signed-in user for the payment and balance tests, with a random 99878… phone number that
 * is drawn again if taken: a per-process counter repeats when two test files share a Jest
 * worker, a draw checked by the database does not.
 */
export async function signedInPayer(app: INestApplication, balance = 0): Promise<TestUser> {
  const database = app.get(DataSource);
  for (;;) {
    const phoneNumber = `99878${String(randomInt(10_000_000)).padStart(7, '0')}`;
    const inserted: { id: string }[] = await database.query(
      `INSERT INTO users (phone_number, name, phone_confirmed, balance) VALUES ($1, 'Test payer', true, $2)
       ON CONFLICT DO NOTHING RETURNING id`,
      [phoneNumber, balance],
    );
    if (!inserted.length) continue;
    const { token } = await app.get(SessionService).start(inserted[0].id);
    return { id: inserted[0].id, phoneNumber, cookie: `session=${token}` };
  }
}
