/// <reference types="multer" />
import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ListingImage } from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import type { Image } from '../uploads/image.entity';
import { ImagesService } from '../uploads/images.service';
import type { ListingPhotoUploads } from '../uploads/uploads.service';
import { LISTING_PHOTO_SHAPE, LISTING_PHOTO_VARIANTS } from './listing-photo-shapes';
import { thumbnailPhoto } from './listing.serializer';

/**
 * Listing photos of `POST /api/upload` (field `files`, where each counts against
 * LISTING_LIMITS.photoUploads before it is read) and `DELETE /api/upload/`. A photo is
 * unattached until a listing or draft is saved with it; the workers remove photos nothing
 * used after 24 hours.
 */
@Injectable()
export class ListingPhotosService implements ListingPhotoUploads {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesService,
  ) {}

  /**
   * Stores every photo or none: one file that is not a picture refuses the whole request and
   * the photos already stored from it are removed. Answers the thumbnails in upload order.
   */
  async upload(user: SessionUser, files: Express.Multer.File[]): Promise<ListingImage[]> {
    const stored: Image[] = [];
    try {
      // One after another: the API converts one picture at a time anyway (image-processing.ts).
      for (const file of files) {
        stored.push(
          await this.images.store(file.path, {
            purpose: 'listing',
            ownerId: user.id,
            shape: LISTING_PHOTO_SHAPE,
            variants: LISTING_PHOTO_VARIANTS,
            attached: false,
          }),
        );
      }
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
    return stored.map((image) => thumbnailPhoto({ id: image.id, key: image.key, variant_keys: image.variantKeys }, this.locationOf));
  }

  /**
   * Removes the user's own photo: a fresh upload or a draft's photo. A photo shown by a
   * posted listing changes only through an edit of that listing (409 `photoInUse`), so a
   * listing never loses its last photo behind the seller's back.
   */
  async remove(user: SessionUser, imageId: string): Promise<void> {
    const removed = await this.dataSource.transaction(async (transaction) => {
      const rows: { status: string | null }[] = await transaction.query(
        `SELECT l.status FROM images i
           LEFT JOIN listing_image li ON li.image_id = i.id
           LEFT JOIN listing l ON l.id = li.listing_id AND l.deleted_at IS NULL
          WHERE i.id = $1 AND i.owner_id = $2 AND i.purpose = 'listing'
            FOR UPDATE OF i`,
        [imageId, user.id],
      );
      if (rows.length === 0) throw new AppException(HttpStatus.NOT_FOUND, 'notFound');
      if (rows[0].status && rows[0].status !== 'draft') throw new AppException(HttpStatus.CONFLICT, 'photoInUse');
      return this.images.removeOwned(transaction, imageId, user.id, 'listing');
    });
    if (removed) await this.images.discardFiles(removed);
  }

  private readonly locationOf = (key: string) => this.images.locationOf(key);

  private async discard(images: Image[]): Promise<void> {
    if (images.length === 0) return;
    await this.dataSource.transaction(async (transaction) => {
      for (const image of images) await this.images.remove(transaction, image.id);
    });
    for (const image of images) await this.images.discardFiles(image);
  }
}
