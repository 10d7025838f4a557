import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { BALANCE_HISTORY_PAGE_SIZE, type BalanceEntryKind, type BalanceHistory } from '@market/contracts';
import { UsersService } from '../users/users.service';
import { BalanceEntry } from './balance-entry.entity';

/**
 * One movement of a user's balance, named field by field (two of them are ids): `amount` so'm, positive (credit
 * adds it, charge takes it), written once per (kind, reference), the reference being what it pays for.
 */
export interface LedgerEntry {
  userId: string;
  amount: number;
  kind: BalanceEntryKind;
  reference: string;
}

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
  credit(transaction: EntityManager, entry: LedgerEntry): Promise<BalanceMovement> {
    return this.record(transaction, { ...entry, amount: positive(entry.amount) });
  }

  /**
   * Takes `amount` so'm, once per (kind, reference). Throws 409 `insufficientBalance` when the
   * balance cannot cover it; nothing is written then.
   */
  charge(transaction: EntityManager, entry: LedgerEntry): Promise<BalanceMovement> {
    return this.record(transaction, { ...entry, amount: -positive(entry.amount) });
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

  /** Writes the entry, its amount signed (a charge's negative), and moves the stored balance by it. */
  private record(transaction: EntityManager, { userId, amount, kind, reference }: LedgerEntry): Promise<BalanceMovement> {
    // A savepoint: when the balance cannot cover a charge its entry is undone too, even if the caller carries on.
    return transaction.transaction(async (savepoint) => {
      const inserted = await savepoint
        .createQueryBuilder()
        .insert()
        .into(BalanceEntry)
        .values({ userId, amount, kind, reference })
        .orIgnore()
        .returning('id')
        .execute();
      if (!(inserted.raw as unknown[]).length) return { recorded: false };
      const balance = await this.users.changeBalance(savepoint, userId, amount);
      return { recorded: true, balance };
    });
  }
}

function positive(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`A balance movement is a positive whole number of so'm, got ${amount}`);
  return amount;
}
