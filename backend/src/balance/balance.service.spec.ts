import { randomUUID } from 'node:crypto';
import { BALANCE_HISTORY_PAGE_SIZE } from '@market/contracts';
import { BalanceService } from './balance.service';
import { AppException } from '../common/app.exception';
import { appForThisFile } from '../../../test/support/app';
import type { TestUser } from '../../../test/support/users';
import { createSignedInUser } from '../../../test/support/users';

describe('BalanceService: the ledger behind top-ups and listing charges', () => {
  const site = appForThisFile();
  let ledger: BalanceService;

  const history = (user: TestUser, query = '') =>
    site.http().get(`/api/user/balance-history${query}`).set('Cookie', user.cookie);

  async function balanceOf(userId: string): Promise<number> {
    const [{ balance }] = await site.dataSource.query(`SELECT balance FROM users WHERE id = $1`, [userId]);
    return Number(balance);
  }

  async function ledgerSumOf(userId: string): Promise<number> {
    const [{ sum }] = await site.dataSource.query(`SELECT coalesce(sum(amount), 0) AS sum FROM balance_entry WHERE user_id = $1`, [userId]);
    return Number(sum);
  }

  const topUp = (userId: string, amount: number, reference = randomUUID()) =>
    site.dataSource.transaction((transaction) => ledger.credit(transaction, { userId, amount, kind: 'topUp', reference }));
  const chargeListing = (userId: string, amount: number, listingId = randomUUID()) =>
    site.dataSource.transaction((transaction) => ledger.charge(transaction, { userId, amount, kind: 'listingCharge', reference: listingId }));

  beforeAll(() => {
    ledger = site.app.get(BalanceService);
  });

  it('credits and charges, answering the new balance', async () => {
    const user = await createSignedInUser(site.app);
    await expect(topUp(user.id, 100_000)).resolves.toEqual({ recorded: true, balance: 100_000 });
    await expect(chargeListing(user.id, 39_900)).resolves.toEqual({ recorded: true, balance: 60_100 });
    expect(await balanceOf(user.id)).toBe(60_100);
    expect(await ledgerSumOf(user.id)).toBe(60_100);
  });

  it('writes a replayed top-up or charge once', async () => {
    const user = await createSignedInUser(site.app);
    const paymentId = randomUUID();
    const listingId = randomUUID();
    await topUp(user.id, 50_000, paymentId);
    await expect(topUp(user.id, 50_000, paymentId)).resolves.toEqual({ recorded: false });
    await chargeListing(user.id, 10_000, listingId);
    await expect(chargeListing(user.id, 10_000, listingId)).resolves.toEqual({ recorded: false });
    expect(await balanceOf(user.id)).toBe(40_000);
    expect(await ledgerSumOf(user.id)).toBe(40_000);
  });

  it('refuses a charge the balance cannot cover and writes nothing, even when the caller carries on', async () => {
    const user = await createSignedInUser(site.app);
    await topUp(user.id, 5_000);
    await expect(chargeListing(user.id, 39_900)).rejects.toMatchObject({ messageKey: 'insufficientBalance' });

    // A caller that catches the refusal and commits its transaction anyway must not keep the entry.
    const listingId = randomUUID();
    await site.dataSource.transaction(async (transaction) => {
      await ledger.charge(transaction, { userId: user.id, amount: 39_900, kind: 'listingCharge', reference: listingId }).catch((error: unknown) => {
        if (!(error instanceof AppException)) throw error;
      });
    });
    const [{ count }] = await site.dataSource.query(`SELECT count(*)::int AS count FROM balance_entry WHERE reference = $1`, [listingId]);
    expect(count).toBe(0);
    expect(await balanceOf(user.id)).toBe(5_000);
    expect(await ledgerSumOf(user.id)).toBe(5_000);
  });

  it('refuses amounts that are not positive whole so\'m', async () => {
    const user = await createSignedInUser(site.app);
    await expect(topUp(user.id, 0)).rejects.toThrow(/positive whole/);
    await expect(topUp(user.id, 10.5)).rejects.toThrow(/positive whole/);
    await expect(chargeListing(user.id, -100)).rejects.toThrow(/positive whole/);
    expect(await ledgerSumOf(user.id)).toBe(0);
  });

  it('keeps the stored balance equal to the ledger sum under many concurrent top-ups and charges', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => createSignedInUser(site.app)));
    // A fixed pseudo-random sequence: the same operations run on every test run.
    let seed = 42;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const references = Array.from({ length: 30 }, () => randomUUID());
    const operations = Array.from({ length: 200 }, () => {
      const user = users[next(users.length)];
      const amount = 1_000 * (1 + next(50));
      // Some references repeat: replays of the same top-up or charge.
      const reference = references[next(references.length)];
      return next(2) === 0 ? topUp(user.id, amount, reference) : chargeListing(user.id, amount, reference);
    });
    const outcomes = await Promise.allSettled(operations);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ messageKey: 'insufficientBalance' });
    }
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled' && outcome.value.recorded)).toBe(true);

    for (const user of users) {
      const balance = await balanceOf(user.id);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(balance).toBe(await ledgerSumOf(user.id));
    }
  });

  describe('GET /api/user/balance-history', () => {
    it('asks a visitor to sign in', async () => {
      const response = await site.http().get('/api/user/balance-history').expect(401);
      expect(response.body.code).toBe('unauthorized');
    });

    it("lists the user's own entries newest first, a page at a time", async () => {
      const user = await createSignedInUser(site.app);
      const other = await createSignedInUser(site.app);
      await topUp(other.id, 7_000);
      for (let entry = 1; entry <= BALANCE_HISTORY_PAGE_SIZE + 2; entry++) await topUp(user.id, entry * 1_000);
      const listingId = randomUUID();
      await chargeListing(user.id, 39_900, listingId);

      const first = await history(user).expect(200);
      expect(first.body.total).toBe(BALANCE_HISTORY_PAGE_SIZE + 3);
      expect(first.body.pages).toBe(2);
      expect(first.body.entries).toHaveLength(BALANCE_HISTORY_PAGE_SIZE);
      expect(first.body.entries[0]).toEqual({
        _id: expect.any(String),
        amount: -39_900,
        kind: 'listingCharge',
        reference: listingId,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(first.body.entries[1].amount).toBe((BALANCE_HISTORY_PAGE_SIZE + 2) * 1_000);

      const second = await history(user, '?page=2').expect(200);
      expect(second.body.entries.map((entry: { amount: number }) => entry.amount)).toEqual([3_000, 2_000, 1_000]);
      const beyond = await history(user, '?page=3').expect(200);
      expect(beyond.body).toEqual({ entries: [], pages: 2, total: BALANCE_HISTORY_PAGE_SIZE + 3 });
    });

    it('shows an empty history to a new user', async () => {
      const user = await createSignedInUser(site.app);
      const response = await history(user).expect(200);
      expect(response.body).toEqual({ entries: [], pages: 0, total: 0 });
    });

    it('refuses a page that is not a positive whole number', async () => {
      const user = await createSignedInUser(site.app);
      for (const page of ['0', '-1', 'two', '1.5']) {
        const response = await history(user, `?page=${page}`).expect(400);
        expect(response.body.fields).toEqual({ page: 'invalidValue' });
      }
    });
  });
});
