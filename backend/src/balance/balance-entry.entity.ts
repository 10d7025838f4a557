import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { BalanceEntryKind } from '@market/contracts';
import { bigintAsNumber } from '../users/user.entity';

/**
 * One movement of a user's balance. The stored balance is always the sum of the user's entries;
 * (kind, reference) is unique, so a replayed top-up or charge is never written twice.
 */
@Entity('balance_entry')
export class BalanceEntry {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** Signed whole so'm: positive for a top-up, negative for a charge. */
  @Column({ type: 'bigint', transformer: bigintAsNumber })
  amount: number;

  @Column({ type: 'text' })
  kind: BalanceEntryKind;

  /** The card payment's transaction id or the charged listing's id. */
  @Column({ type: 'text' })
  reference: string;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
