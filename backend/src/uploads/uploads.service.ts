/// <reference types="multer" />
import { HttpStatus, Injectable } from '@nestjs/common';
import type { ImageRef, ListingImage } from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { ListingPhotosService } from '../listings/listing-photos.service';
import { AvatarService } from './avatar.service';
import { imageRef, ImagesService } from './images.service';

/**
 * The multipart fields `POST /api/upload` accepts, each handled by the service of its purpose.
 * The files were streamed to temporary files: services read them by `path`.
 */
export interface UploadedImages {
  /** The avatar (settings). */
  image?: Express.Multer.File[];
  /** Listing photos, up to 8 (the wizard, issue 6). */
  files?: Express.Multer.File[];
}

/** The multipart field of `POST /api/uploadImg`. */
export interface UploadedCategoryImage {
  image?: Express.Multer.File[];
}

/** A category image fits the category cards and modal; no larger side than this. */
const CATEGORY_IMAGE_SHAPE = { size: 800 };

/** The upload routes: each field goes to the service of its purpose (avatars here, listing photos in the listings module). */
@Injectable()
export class UploadsService {
  constructor(
    private readonly avatars: AvatarService,
    private readonly images: ImagesService,
    private readonly listingPhotos: ListingPhotosService,
  ) {}

  /** `POST /api/upload`: dispatches by field, one or the other. The listing photos' service answers `files` with an array. */
  async upload(user: SessionUser, uploaded: UploadedImages): Promise<ImageRef | ListingImage[]> {
    const avatar = uploaded.image?.[0];
    if (avatar && uploaded.files?.length) throw new AppException(HttpStatus.BAD_REQUEST, 'unexpectedField', {}, { files: 'unexpectedField' });
    if (avatar) return this.avatars.replace(user.id, avatar.path);
    if (uploaded.files?.length) return this.listingPhotos.upload(user, uploaded.files);
    throw new AppException(HttpStatus.BAD_REQUEST, 'imageRequired', {}, { image: 'imageRequired' });
  }

  async removeListingPhoto(user: SessionUser, imageId: string): Promise<void> {
    await this.listingPhotos.remove(user, imageId);
  }

  async removeAvatar(user: SessionUser, imageId: string): Promise<void> {
    await this.avatars.remove(user.id, imageId);
  }

  /** `POST /api/uploadImg` (admins): an image a category will use; unattached until a category saves it. */
  async uploadCategoryImage(admin: SessionUser, uploaded: UploadedCategoryImage): Promise<ImageRef> {
    const upload = uploaded.image?.[0];
    if (!upload) throw new AppException(HttpStatus.BAD_REQUEST, 'imageRequired', {}, { image: 'imageRequired' });
    const image = await this.images.store(upload.path, {
      purpose: 'category',
      ownerId: admin.id,
      shape: CATEGORY_IMAGE_SHAPE,
      attached: false,
    });
    return imageRef(image);
  }
}
