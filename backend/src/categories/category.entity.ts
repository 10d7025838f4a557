import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A brand: listings and devices belong to one. Ordered by `number` on every page. */
@Entity('categories')
export class CategoryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** '#RRGGBB'. */
  @Column({ type: 'text' })
  color: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'integer' })
  number: number;

  /** An image uploaded through `POST /api/uploadImg`. */
  @Column({ name: 'image_id', type: 'uuid', nullable: true })
  imageId: string | null;

  /** The brand this one is a series of (Redmi: Xiaomi), one level deep; null for a brand of its own. */
  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
