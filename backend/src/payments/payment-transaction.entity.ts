import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CardPaymentFailure, CardType, PaymentStatus } from '@market/contracts';
import { bigintAsNumber } from '../users/user.entity';

/** A card top-up. The card number and expiry never reach us: Payme tells the last four digits and the card type, all we keep. */
@Entity('payment_transaction')
export class PaymentTransaction {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** Whole so'm. */
  @Column({ type: 'bigint', transformer: bigintAsNumber })
  amount: number;

  @Column({ name: 'card_last4', type: 'text' })
  cardLast4: string;

  @Column({ name: 'card_type', type: 'text' })
  cardType: CardType;

  /** The gateway driver: 'payme' or 'sandbox'. */
  @Column({ type: 'text' })
  provider: string;

  /** The provider's handle of the payment (Payme's receipt id); null when the start failed. */
  @Column({ name: 'provider_ref', type: 'text', nullable: true })
  providerRef: string | null;

  /** Moved only by PaymentMoves, as the contracts' PAYMENT_MOVES say. */
  @Column({ type: 'text' })
  status: PaymentStatus;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: CardPaymentFailure | null;

  /** When the current 'confirming' claim was taken; a claim older than its lease is taken over. */
  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  /** When the workers last asked Payme where the payment stands; they ask less often as it ages. */
  @Column({ name: 'checked_at', type: 'timestamptz', nullable: true })
  checkedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;
}
