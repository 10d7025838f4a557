import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { ImageRef } from '@market/contracts';
import { Image, type ImagePurpose } from './image.entity';
import { toWebp, type ImageShape } from './image-processing';
import { ImageStorage } from './image-storage';

export interface StoreImageOptions {
  purpose: ImagePurpose;
  ownerId: string;
  shape: ImageShape;
  /** Whether something uses the image from the start (an avatar) or only later (a listing photo). */
  attached: boolean;
  /** Runs in the transaction that records the image, e.g. to make it the user's avatar. */
  onRecorded?: (transaction: EntityManager, image: Image) => Promise<void>;
}

export function imageRef(image: Pick<Image, 'id' | 'location'>): ImageRef {
  return { _id: image.id, location: image.location };
}

/**
 * Images of every purpose: processed by sharp, written to the image storage, recorded in
 * `images`. A file whose row is not committed is deleted again; a deleted row's files are
 * deleted after the commit.
 */
@Injectable()
export class ImagesService {
  private readonly logger = new Logger(ImagesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ImageStorage,
  ) {}

  async store(upload: Buffer, options: StoreImageOptions): Promise<Image> {
    const body = await toWebp(upload, options.shape);
    const key = `${options.purpose}/${randomUUID()}.webp`;
    await this.storage.put(key, body, 'image/webp');
    try {
      return await this.dataSource.transaction(async (transaction) => {
        const image = transaction.create(Image, {
          ownerId: options.ownerId,
          purpose: options.purpose,
          key,
          variantKeys: [],
          location: this.storage.locationOf(key),
          attached: options.attached,
        });
        await transaction.insert(Image, image);
        await options.onRecorded?.(transaction, image);
        return image;
      });
    } catch (error) {
      await this.discardFiles({ key, variantKeys: [] });
      throw error;
    }
  }

  /** Deletes the row of an image `ownerId` owns for `purpose`; null when there is no such image. Call discardFiles after the commit. */
  async removeOwned(transaction: EntityManager, imageId: string, ownerId: string, purpose: ImagePurpose): Promise<Image | null> {
    const image = await transaction.findOneBy(Image, { id: imageId, ownerId, purpose });
    if (!image) return null;
    await transaction.delete(Image, image.id);
    return image;
  }

  async remove(transaction: EntityManager, imageId: string): Promise<Image | null> {
    const image = await transaction.findOneBy(Image, { id: imageId });
    if (image) await transaction.delete(Image, image.id);
    return image;
  }

  /** Marks uploaded images as used (a category or listing now shows them); answers how many matched. */
  async markAttached(transaction: EntityManager, imageIds: string[], purpose: ImagePurpose): Promise<number> {
    if (imageIds.length === 0) return 0;
    const result = await transaction.update(Image, { id: In(imageIds), purpose }, { attached: true });
    return result.affected ?? 0;
  }

  /** Best effort: a file left behind wastes space, it must not fail the user's action. */
  async discardFiles(image: Pick<Image, 'key' | 'variantKeys'>): Promise<void> {
    for (const key of [image.key, ...image.variantKeys]) {
      await this.storage.delete(key).catch((error: Error) => this.logger.warn(`Could not delete image file ${key}: ${error.message}`));
    }
  }
}
