import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PromotionProduct, PromotionState, SocialChannel } from '@market/contracts';
import { bigintAsNumber } from '../users/user.entity';

/** One purchase of a promotion for a listing (issue 39); its id is the ledger entry's reference. */
@Entity('promotion')
export class Promotion {
  /** The purchase's idempotency key when the page sent one: a retry finds this row and charges nothing. */
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'listing_id', type: 'uuid' })
  listingId: string;

  @Column({ name: 'buyer_id', type: 'uuid' })
  buyerId: string;

  @Column({ type: 'text' })
  product: PromotionProduct;

  /** Whole so'm charged. */
  @Column({ type: 'bigint', transformer: bigintAsNumber })
  price: number;

  @Column({ type: 'text' })
  state: PromotionState;

  @Column({ name: 'starts_at', type: 'timestamptz', insert: false, update: false })
  startsAt: Date;

  /** TOP's end (moved to the stop when it stopped early); null for a lift or a repost. */
  @Column({ name: 'ends_at', type: 'timestamptz', nullable: true })
  endsAt: Date | null;

  @Column({ type: 'bigint', transformer: bigintAsNumber, insert: false })
  refunded: number;

  /** A repost's channels that may still post it: set when it is sent to them, left by each that refused it for good. */
  @Column({ name: 'repost_channels_left', type: 'text', array: true, nullable: true, insert: false })
  repostChannelsLeft: SocialChannel[] | null;

  @Column({ name: 'views_before', type: 'int' })
  viewsBefore: number;

  @Column({ name: 'contact_reveals_before', type: 'int' })
  contactRevealsBefore: number;
}

/** A price an admin set; a product without one costs PROMOTION_DEFAULT_PRICES'. */
@Entity('promotion_price')
export class PromotionPrice {
  @PrimaryColumn('text')
  product: PromotionProduct;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  price: number;

  @Column({ name: 'set_by', type: 'uuid' })
  setBy: string;

  @Column({ name: 'set_at', type: 'timestamptz', insert: false, update: false })
  setAt: Date;
}
