import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ImageRef } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { UsersService } from '../users/users.service';
import type { Image } from './image.entity';
import type { ImageInput } from './image-processing';
import { imageRef, ImagesService } from './images.service';

/** A square avatar; the spec shows it at most at 120 px, 512 keeps it sharp on dense screens. */
const AVATAR_SHAPE = { size: 512, square: true };

@Injectable()
export class AvatarService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesService,
    private readonly users: UsersService,
  ) {}

  /** Makes the uploaded file the user's avatar; the previous avatar is deleted. */
  async replace(userId: string, upload: ImageInput): Promise<ImageRef> {
    let previous: Image | null = null;
    const image = await this.images.store(upload, {
      purpose: 'avatar',
      ownerId: userId,
      shape: AVATAR_SHAPE,
      attached: true,
      onRecorded: async (transaction, image) => {
        const previousId = await this.users.setImage(transaction, userId, image.id);
        if (previousId) previous = await this.images.remove(transaction, previousId);
      },
    });
    if (previous) await this.images.discardFiles(previous);
    return imageRef(image);
  }

  /** Removes the user's own avatar (the user's image becomes empty through the foreign key). */
  async remove(userId: string, imageId: string): Promise<void> {
    const removed = await this.dataSource.transaction(async (transaction) => {
      await this.users.lockForImageChange(transaction, userId);
      return this.images.removeOwned(transaction, imageId, userId, 'avatar');
    });
    if (!removed) throw new AppException(HttpStatus.NOT_FOUND, 'notFound');
    await this.images.discardFiles(removed);
  }
}
