/// <reference types="multer" />
import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, Not, QueryFailedError, type EntityManager } from 'typeorm';
import { statusAfter, type ListingImage, type ListingStatus } from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { ConversationsService } from '../conversations/conversations.service';
import type { Image } from '../uploads/image.entity';
import { ImagesService } from '../uploads/images.service';
import { LISTING_PHOTO_SHAPE, LISTING_PHOTO_VARIANTS } from './listing-photo-shapes';
import { ListingImageEntity } from './listing.entity';
import { thumbnailPhoto } from './listing.serializer';

/**
 * Listing photos: uploaded through `POST /api/upload` (field `files`, where each counts
 * against LISTING_LIMITS.photoUploads before it is read), removed through `DELETE /api/upload/`,
 * and shown by a listing in the seller's order. A photo is unattached until a listing or draft
 * is saved with it; the workers remove photos nothing used after 24 hours.
 */
@Injectable()
export class ListingPhotosService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesService,
    private readonly conversations: ConversationsService,
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
   * listing past its drafts changes only through an edit of that listing (409 `photoInUse`),
   * so a listing never loses its last photo behind the seller's back; one sent in a message
   * stays for good (409 `photoInUse`), or it would vanish from the recipient's thread and from
   * what moderators read of a reported one. The photo's row is held from the ownership check,
   * so a message taking it meanwhile is refused or seen here.
   */
  async remove(user: SessionUser, imageId: string): Promise<void> {
    const removed = await this.dataSource.transaction(async (transaction) => {
      const [owned] = await this.images.lockOwned(transaction, [imageId], [user.id], 'listing');
      if (!owned) throw new AppException(HttpStatus.NOT_FOUND, 'notFound');
      const [shownBy]: { status: ListingStatus }[] = await transaction.query(
        `SELECT l.status FROM listing_image li JOIN listing l ON l.id = li.listing_id AND l.deleted_at IS NULL WHERE li.image_id = $1`,
        [imageId],
      );
      if (shownBy && !statusAfter('saveDraft', shownBy.status)) throw new AppException(HttpStatus.CONFLICT, 'photoInUse');
      if (await this.conversations.photoSent(transaction, user.id, imageId)) throw new AppException(HttpStatus.CONFLICT, 'photoInUse');
      return this.images.removeOwned(transaction, imageId, user.id, 'listing');
    });
    if (removed) await this.images.discardFiles(removed);
  }

  /**
   * Makes `imageIds` the listing's photos in this order, in the caller's transaction. Each must
   * be a listing photo uploaded by one of `owners` and shown by no other listing (400
   * `photoUnavailable`); photos the listing no longer shows are left to the clean-up.
   */
  async show(transaction: EntityManager, listingId: string, owners: string[], imageIds: string[]): Promise<void> {
    const owned = await this.images.lockOwned(transaction, imageIds, owners, 'listing');
    const shownElsewhere =
      imageIds.length > 0 && (await transaction.existsBy(ListingImageEntity, { imageId: In(imageIds), listingId: Not(listingId) }));
    if (owned.length !== imageIds.length || shownElsewhere) throw photoUnavailable();
    const [previous]: [{ image_id: string }[], number] = await transaction.query(
      `DELETE FROM listing_image WHERE listing_id = $1 RETURNING image_id`,
      [listingId],
    );
    if (imageIds.length) {
      await transaction
        .query(
          `INSERT INTO listing_image (listing_id, position, image_id)
           SELECT $1, position - 1, image_id FROM unnest($2::uuid[]) WITH ORDINALITY AS photo(image_id, position)`,
          [listingId, imageIds],
        )
        .catch(takenMeanwhile);
      await this.images.markAttached(transaction, imageIds, 'listing');
    }
    const dropped = previous.map((row) => row.image_id).filter((id) => !imageIds.includes(id));
    await this.images.markDetached(transaction, dropped);
  }

  /** The photos the listing shows, in its order. */
  async shownBy(transaction: EntityManager, listingId: string): Promise<string[]> {
    const photos = await transaction.find(ListingImageEntity, { where: { listingId }, order: { position: 'ASC' } });
    return photos.map((photo) => photo.imageId);
  }

  /** A deleted listing's photos, let go for the clean-up; the listing's rows keep naming them. */
  async release(transaction: EntityManager, listingId: string): Promise<void> {
    const photos = await transaction.findBy(ListingImageEntity, { listingId });
    await this.images.markDetached(transaction, photos.map((photo) => photo.imageId));
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

function photoUnavailable(): AppException {
  return new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, { images: 'photoUnavailable' });
}

/** A photo taken by a listing saved at the same moment fails the unique index: the same answer as a photo already used. */
function takenMeanwhile(error: unknown): never {
  const constraint = error instanceof QueryFailedError ? (error.driverError as { constraint?: string }).constraint : undefined;
  if (constraint === 'listing_image_image_id_key') throw photoUnavailable();
  throw error;
}
