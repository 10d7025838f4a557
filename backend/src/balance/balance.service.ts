import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { BALANCE_HISTORY_PAGE_SIZE, type BalanceEntryKind, type BalanceHistory } from '@market/contracts';
import { UsersService } from '../users/users.service';
import { BalanceEntry } from './balance-entry.entity';

/** What a credit or charge did: `recorded: false` when the same (kind, reference) was already in the ledger. */
export type BalanceMovement = { recorded: true; balance: number } | { recorded: false };

/**
 * The balance ledger. Every change of a user's balance goes through here, in the caller's
 * transaction, so the stored balance always equals the sum of the user's entries.
 */
@Injectable()
export class BalanceService {
  constructor(
    private readonly users: UsersService,
    @InjectRepository(BalanceEntry) private readonly entries: Repository<BalanceEntry>,
  ) {}

  /** Adds `amount` so'm, once per (kind, reference): a replayed top-up changes nothing. */
  credit(
    transaction: EntityManager,
    userId: string,
    amount: number,
    kind: BalanceEntryKind,
    reference: string,
  ): Promise<BalanceMovement> {
    return this.record(transaction, userId, positive(amount), kind, reference);
  }

  /**
   * Takes `amount` so'm, once per (kind, reference). Throws 409 `insufficientBalance` when the
   * balance cannot cover it; nothing is written then.
   */
  charge(
    transaction: EntityManager,
    userId: string,
    amount: number,
    kind: BalanceEntryKind,
    reference: string,
  ): Promise<BalanceMovement> {
    return this.record(transaction, userId, -positive(amount), kind, reference);
  }

  async history(userId: string, page: number): Promise<BalanceHistory> {
    const [entries, total] = await this.entries.findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * BALANCE_HISTORY_PAGE_SIZE,
      take: BALANCE_HISTORY_PAGE_SIZE,
    });
    return {
      entries: entries.map((entry) => ({
        _id: entry.id,
        amount: entry.amount,
        kind: entry.kind,
        reference: entry.reference,
        createdAt: entry.createdAt.toISOString(),
      })),
      pages: Math.ceil(total / BALANCE_HISTORY_PAGE_SIZE),
      total,
    };
  }

  private record(
    transaction: EntityManager,
    userId: string,
    delta: number,
    kind: BalanceEntryKind,
    reference: string,
  ): Promise<BalanceMovement> {
    // A savepoint: when the balance cannot cover a charge its entry is undone too, even if the caller carries on.
    return transaction.transaction(async (savepoint) => {
      const inserted = await savepoint
        .createQueryBuilder()
        .insert()
        .into(BalanceEntry)
        .values({ userId, amount: delta, kind, reference })
        .orIgnore()
        .returning('id')
        .execute();
      if (!(inserted.raw as unknown[]).length) return { recorded: false };
      const balance = await this.users.changeBalance(savepoint, userId, delta);
      return { recorded: true, balance };
    });
  }
}

function positive(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`A balance movement is a positive whole number of so'm, got ${amount}`);
  return amount;
}
