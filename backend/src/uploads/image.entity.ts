import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const IMAGE_PURPOSES = ['avatar', 'category', 'listing'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/** An uploaded picture in the image storage. `attached` is false while nothing uses it yet (a fresh upload). */
@Entity('images')
export class Image {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId: string | null;

  @Column({ type: 'text' })
  purpose: ImagePurpose;

  /** The storage key of the picture that `location` serves. */
  @Column({ type: 'text' })
  key: string;

  /** Further stored variants (e.g. thumbnails), deleted with the image. */
  @Column({ name: 'variant_keys', type: 'text', array: true, default: () => "'{}'" })
  variantKeys: string[];

  /** The full public URL of the picture. */
  @Column({ type: 'text' })
  location: string;

  @Column({ type: 'boolean', default: false })
  attached: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
