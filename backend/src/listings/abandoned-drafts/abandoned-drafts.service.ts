import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ImagesService } from '../../uploads/images.service';
import { ListingEntity, ListingImageEntity } from '../listing.entity';

/** A draft nobody touched for this long is abandoned (issue 19): the wizard offers the latest draft, not a month-old one. */
export const ABANDONED_DRAFT_AGE_MS = 30 * 24 * 3600 * 1000;

/** Drafts their sellers left: removed with their photos by the workers. */
@Injectable()
export class AbandonedDraftsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesService,
  ) {}

  /**
   * Removes up to `limit` drafts untouched since before `olderThan`, as a seller's own deletion
   * does, and their photos (rows now, files after the commit); answers how many drafts. Drafts
   * are claimed with SKIP LOCKED, so two workers, or a seller saving the draft right now, never
   * clash; a run after a crash finds what is left.
   */
  async remove(olderThan: Date, limit: number): Promise<number> {
    const { drafts, photos } = await this.dataSource.transaction(async (transaction) => {
      const claimed = await transaction
        .getRepository(ListingEntity)
        .createQueryBuilder('listing')
        .select('listing.id')
        .where(`listing.status = 'draft' AND listing.deleted_at IS NULL AND listing.updated_at < :olderThan`, { olderThan })
        .orderBy('listing.updated_at')
        .limit(limit)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      const ids = claimed.map((draft) => draft.id);
      if (ids.length === 0) return { drafts: 0, photos: [] };
      const shown = await transaction.getRepository(ListingImageEntity).createQueryBuilder('photo').where('photo.listing_id IN (:...ids)', { ids }).getMany();
      await transaction.update(ListingEntity, ids, { deletedAt: () => 'now()', updatedAt: () => 'now()' });
      const removed = [];
      for (const { imageId } of shown) {
        const image = await this.images.remove(transaction, imageId);
        if (image) removed.push(image);
      }
      return { drafts: ids.length, photos: removed };
    });
    for (const photo of photos) await this.images.discardFiles(photo);
    return drafts;
  }
}
