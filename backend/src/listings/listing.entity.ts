import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AdminChannelPost, AdminListingPosts, ConditionGrade, Currency, ListingStatus } from '@market/contracts';
import { bigintAsNumber } from '../users/user.entity';

/** How a listing went out to one social channel, as admins see it; the moderation and publishing side writes it. */
export type StoredChannelPost = AdminChannelPost;

/**
 * A phone listing. A draft holds whatever the wizard had when the seller left it; every other
 * status holds a complete listing (a CHECK constraint enforces it). Deleted listings keep their
 * row with `deletedAt` set and leave every list.
 */
@Entity('listing')
export class ListingEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'author_id', type: 'uuid' })
  authorId: string;

  @Column({ name: 'device_id', type: 'uuid', nullable: true })
  deviceId: string | null;

  @Column({ name: 'category_id', type: 'uuid', nullable: true })
  categoryId: string | null;

  /** 'Boshqa model': the model as its seller typed it, not in the catalogue (no device) until an admin adds it. */
  @Column({ name: 'custom_model', type: 'text', nullable: true })
  customModel: string | null;

  /** The device's name when the listing was made (or the brand and the typed model). */
  @Column({ type: 'text', nullable: true })
  name: string | null;

  /** Whole units of `valut`. */
  @Column({ type: 'bigint', nullable: true, transformer: bigintAsNumber })
  price: number | null;

  @Column({ type: 'text', default: 'uzs' })
  valut: Currency;

  /** The price in so'm at the stored USD rate (ExchangeRateService keeps it current). */
  @Column({ name: 'price_uzs', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  priceUzs: number | null;

  /** When its author marked it sold, and for how much in so'm (the asking price when they did not say). */
  @Column({ name: 'sold_at', type: 'timestamptz', nullable: true })
  soldAt: Date | null;

  @Column({ name: 'sold_price_uzs', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  soldPriceUzs: number | null;

  /** true: new. */
  @Column({ type: 'boolean', default: false })
  condition: boolean;

  /** Box and documents. */
  @Column({ type: 'boolean', default: false })
  document: boolean;

  /** Delivery available. */
  @Column({ type: 'boolean', default: false })
  shipping: boolean;

  @Column({ type: 'text', nullable: true })
  region: string | null;

  @Column({ type: 'text', nullable: true })
  color: string | null;

  @Column({ type: 'text', nullable: true })
  ram: string | null;

  @Column({ type: 'text', nullable: true })
  storage: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** The phone's IMEIs: keyed hashes (equality), sealed (moderators) and the last four digits (buyers); see ImeiSeal. */
  @Column({ name: 'imei_hash', type: 'text', array: true, default: () => `'{}'` })
  imeiHash: string[];

  @Column({ name: 'imei_sealed', type: 'text', array: true, default: () => `'{}'` })
  imeiSealed: string[];

  @Column({ name: 'imei_last4', type: 'text', array: true, default: () => `'{}'` })
  imeiLast4: string[];

  /** The seller's word on UZIMEI registration; null on listings older than the question. */
  @Column({ name: 'uzimei_registered', type: 'boolean', nullable: true })
  uzimeiRegistered: boolean | null;

  @Column({ name: 'no_instalment_debt', type: 'boolean', default: false })
  noInstalmentDebt: boolean;

  /** A used phone's grade and battery health in %. */
  @Column({ type: 'text', nullable: true })
  grade: ConditionGrade | null;

  @Column({ type: 'smallint', nullable: true })
  battery: number | null;

  @Column({ type: 'smallint', default: 0 })
  tarif: 0 | 1;

  @Column({ type: 'text' })
  status: ListingStatus;

  /** The wizard step a draft resumes at. */
  @Column({ type: 'smallint', default: 0 })
  step: number;

  /** The contact number buyers get from `GET /api/phone/{id}/contact`; 12 digits. */
  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber: string | null;

  @Column({ name: 'telegram_username', type: 'text', nullable: true })
  telegramUsername: string | null;

  @Column({ name: 'author_name', type: 'text', nullable: true })
  authorName: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  posts: AdminListingPosts;

  @Column({ name: 'approved_by', type: 'uuid', nullable: true })
  approvedBy: string | null;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  /** The latest edit that kept the listing on sale (price, description, contact, delivery): moderators see it afterwards. */
  @Column({ name: 'edited_at', type: 'timestamptz', nullable: true })
  editedAt: Date | null;

  /** Its device, photos or condition changed while it was off sale: back on sale through moderation. */
  @Column({ name: 'review_due', type: 'boolean', default: false })
  reviewDue: boolean;

  @Column({ name: 'rejection_reason', type: 'text', nullable: true })
  rejectionReason: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}

/** One photo of a listing at its place in the seller's order. */
@Entity('listing_image')
export class ListingImageEntity {
  @Column({ name: 'listing_id', type: 'uuid', primary: true })
  listingId: string;

  @Column({ type: 'smallint', primary: true })
  position: number;

  @Column({ name: 'image_id', type: 'uuid' })
  imageId: string;
}
