import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SpecEntry, SpecSection } from '@market/contracts';

/** A phone model of the catalogue; a listing is made for one. The workers' spec refresh writes its specs. */
@Entity('devices')
export class DeviceEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'category_id', type: 'uuid' })
  categoryId: string;

  /** The picture's URL in our image storage: the model's own photo, else its brand's drawing. */
  @Column({ type: 'text', nullable: true })
  img: string | null;

  /** The storage key of the model's own photo, brought by the spec refresh; null while it shows its brand's drawing. */
  @Column({ name: 'picture_key', type: 'text', nullable: true })
  pictureKey: string | null;

  /** The device page on the spec source, e.g. 'apple_iphone_13-11103.php'; null until found by name. */
  @Column({ name: 'source_path', type: 'text', nullable: true })
  sourcePath: string | null;

  @Column({ name: 'quick_spec', type: 'jsonb', default: () => `'[]'` })
  quickSpec: SpecEntry[];

  @Column({ name: 'detail_spec', type: 'jsonb', default: () => `'[]'` })
  detailSpec: SpecSection[];

  /** Selections in the wizard, at most one per visitor and day: the device's popularity. */
  @Column({ name: 'search_count', type: 'integer', default: 0 })
  searchCount: number;

  /** When the specs were last written (from the seed or the spec source). */
  @Column({ name: 'specs_refreshed_at', type: 'timestamptz', nullable: true })
  specsRefreshedAt: Date | null;

  /** When the scheduled refresh asks for the specs again: 30 days after a refresh, first at a random point of the coming 30 days (spread). */
  @Column({ name: 'specs_refresh_due_at', type: 'timestamptz', insert: false })
  specsRefreshDueAt: Date;

  /** The latest refresh request; it is done once specs_refreshed_at or specs_refresh_failed_at passes it. */
  @Column({ name: 'specs_refresh_requested_at', type: 'timestamptz', nullable: true })
  specsRefreshRequestedAt: Date | null;

  @Column({ name: 'specs_refresh_failed_at', type: 'timestamptz', nullable: true })
  specsRefreshFailedAt: Date | null;

  /** Why the last refresh failed, for admins and logs. */
  @Column({ name: 'specs_refresh_error', type: 'text', nullable: true })
  specsRefreshError: string | null;

  /** SHA-256 of the seed entry last applied; the seed rewrites a device only when its entry changed. */
  @Column({ name: 'seed_hash', type: 'text', nullable: true, select: false })
  seedHash: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
