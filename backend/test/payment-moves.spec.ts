import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { PAYMENT_MOVES, PAYMENT_STATUSES, paymentStatusAfter, type PaymentMove, type PaymentStatus } from '@market/contracts';
import { PaymentMoves } from '../src/payments/payment-moves';
import { startedApp } from '../../test/support/app';
import { createSignedInUser, type TestUser } from '../../test/support/users';

const MOVES = Object.keys(PAYMENT_MOVES).filter((move): move is Exclude<PaymentMove, 'start'> => move !== 'start');

describe('the payment transitions table (PAYMENT_MOVES) is the only way a payment moves', () => {
  let app: INestApplication;
  let database: DataSource;
  let moves: PaymentMoves;
  let user: TestUser;

  /** A payment in `status`; `claimedSecondsAgo` for one a confirmation or the re-check holds. */
  async function paymentIn(status: PaymentStatus, claimedSecondsAgo = 0): Promise<string> {
    const id = randomUUID();
    await database.query(
      `INSERT INTO payment_transaction (id, user_id, amount, card_last4, card_type, provider, provider_ref, status, claimed_at, confirmed_at, failure_reason)
       VALUES ($1, $2, 10000, '6311', 'uzcard', 'sandbox', $3, $4, now() - make_interval(secs => $5),
               CASE WHEN $4 = 'confirmed' THEN now() END, CASE WHEN $4 = 'failed' THEN 'paymentRefused' END)`,
      [id, user.id, `receipt-${id}`, status, claimedSecondsAgo],
    );
    return id;
  }
  const statusOf = async (id: string): Promise<PaymentStatus> =>
    (await database.query(`SELECT status FROM payment_transaction WHERE id = $1`, [id]))[0].status;
  const apply = (id: string, move: (typeof MOVES)[number]) =>
    move === 'refuse' || move === 'expire'
      ? moves.move(database.manager, id, move, { failureReason: move === 'expire' ? 'paymentExpired' : 'paymentRefused' })
      : moves.move(database.manager, id, move);

  beforeAll(async () => {
    app = await startedApp();
    database = app.get(DataSource);
    moves = app.get(PaymentMoves);
    user = await createSignedInUser(app);
  });
  afterAll(() => app.close());

  it('moves a payment from each status the table lists for a move to the status it names, and refuses every other pair', async () => {
    const seen: string[] = [];
    for (const move of MOVES) {
      for (const from of PAYMENT_STATUSES) {
        // A claim held longer than its lease, so that only the table decides.
        const id = await paymentIn(from, moves.claimLeaseMs / 1000 + 60);
        const moved = await apply(id, move);
        const to = paymentStatusAfter(move, from);
        seen.push(`${move} ${from}: ${moved ? await statusOf(id) : 'refused'}`);
        expect({ move, from, moved, now: await statusOf(id) }).toEqual({ move, from, moved: to !== undefined, now: to ?? from });
      }
    }
    expect(seen).toHaveLength(MOVES.length * PAYMENT_STATUSES.length);
  });

  it('never takes a claim still held, and takes over one held past its lease', async () => {
    const held = await paymentIn('confirming', 1);
    expect(await moves.move(database.manager, held, 'claim')).toBe(false);
    const lapsed = await paymentIn('confirming', moves.claimLeaseMs / 1000 + 1);
    expect(await moves.move(database.manager, lapsed, 'claim')).toBe(true);
    // Taken over, it is held again.
    expect(await moves.move(database.manager, lapsed, 'claim')).toBe(false);
  });

  it('records why a payment failed and when it was confirmed, and clears the claim', async () => {
    const refused = await paymentIn('confirming');
    await moves.move(database.manager, refused, 'refuse', { failureReason: 'paymentInsufficientFunds' });
    const paid = await paymentIn('confirming');
    await moves.move(database.manager, paid, 'pay');
    const rows = await database.query(
      `SELECT id, status, failure_reason, confirmed_at IS NOT NULL AS confirmed, claimed_at IS NULL AS released FROM payment_transaction WHERE id = ANY($1)`,
      [[refused, paid]],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: refused, status: 'failed', failure_reason: 'paymentInsufficientFunds', confirmed: false, released: true },
        { id: paid, status: 'confirmed', failure_reason: null, confirmed: true, released: true },
      ]),
    );
  });

  it('is applied by PaymentMoves alone: no other code of the API or the workers writes a payment', () => {
    const roots = [join(__dirname, '..', 'src'), join(__dirname, '..', '..', 'workers', 'src')];
    const writers = roots.flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.includes('migrations'))
        .filter((file) => /UPDATE payment_transaction|\.update\(\s*PaymentTransaction|payments\.update\(/.test(readFileSync(join(root, file), 'utf8')))
        .map((file) => file),
    );
    expect(writers).toEqual([join('payments', 'payment-moves.ts')]);
  });
});
