import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CardType } from '@market/contracts';
import { bigintAsNumber } from '../users/user.entity';
import type { CardGatewayFailure } from './providers/card-gateway';

/**
 * pending: the SMS code was sent; confirming: one request is taking the money right now
 * (claimed, so no other request calls the gateway); settling: Payme took the payment but its
 * receipt is not paid yet (the workers re-check it); confirmed and failed are final.
 */
export type PaymentStatus = 'pending' | 'confirming' | 'settling' | 'confirmed' | 'failed';

export type PaymentFailureReason = CardGatewayFailure;

/** A card top-up. The card number and expiry are never stored: only the last four digits and the card type. */
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

  @Column({ type: 'text' })
  status: PaymentStatus;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: PaymentFailureReason | null;

  /** Wrong SMS codes entered so far. */
  @Column({ name: 'code_attempts', type: 'int', default: 0 })
  codeAttempts: number;

  /** When the current 'confirming' claim was taken; a claim older than its lease is taken over. */
  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;
}
