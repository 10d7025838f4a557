import { Body, Controller, Delete, HttpCode, HttpStatus, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { LIMITS, removeImageSchema, translateMessage, type ImageRef, type ListingImage, type MessageResponse, imageRefSchema, listingImageSchema, messageResponseSchema } from '@market/contracts';
import { z } from 'zod';
import { AdminOnly, CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { ZodPipe } from '../common/zod-body.pipe';
import { LISTING_LIMITS } from '../listings/listing.limits';
import { AVATAR_LIMITS } from './avatar.limits';
import { ImageUploads } from './image-uploads.interceptor';
import { UploadsService, type UploadedCategoryImage, type UploadedImages } from './uploads.service';
import { Answers } from '../common/openapi';

@ApiTags('uploads')
@Controller()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** Field `image`: the avatar, answers `{_id, location}`. Field `files`: listing photos (issue 6). */
  @SignedIn()
  @Answers(z.union([imageRefSchema, z.array(listingImageSchema)]))
  @Post('upload')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(
    ImageUploads([
      { name: 'image', maxCount: 1, limit: AVATAR_LIMITS.uploads },
      { name: 'files', maxCount: LIMITS.photosMax, tooMany: 'photosMax', limit: LISTING_LIMITS.photoUploads },
    ]),
  )
  upload(@CurrentUser() user: SessionUser, @UploadedFiles() files: UploadedImages = {}): Promise<ImageRef | ListingImage[]> {
    return this.uploads.upload(user, files);
  }

  /** Removes one of the user's listing photos (a fresh upload or a draft's photo). */
  @SignedIn()
  @Answers(messageResponseSchema)
  @Delete('upload')
  @HttpCode(HttpStatus.OK)
  async removeListingPhoto(
    @CurrentUser() user: SessionUser,
    @Body(new ZodPipe(removeImageSchema)) body: { _id: string },
  ): Promise<MessageResponse> {
    await this.uploads.removeListingPhoto(user, body._id);
    return { message: translateMessage('imageDeleted') };
  }

  /** Removes the user's avatar. */
  @SignedIn()
  @Answers(messageResponseSchema)
  @Delete('uploadImg')
  @HttpCode(HttpStatus.OK)
  async removeAvatar(
    @CurrentUser() user: SessionUser,
    @Body(new ZodPipe(removeImageSchema)) body: { _id: string },
  ): Promise<MessageResponse> {
    await this.uploads.removeAvatar(user, body._id);
    return { message: translateMessage('imageDeleted') };
  }

  /** A category image (admins), answers `{_id, location}`. */
  @AdminOnly()
  @Answers(imageRefSchema)
  @Post('uploadImg')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(ImageUploads([{ name: 'image', maxCount: 1 }]))
  uploadCategoryImage(@CurrentUser() admin: SessionUser, @UploadedFiles() files: UploadedCategoryImage = {}): Promise<ImageRef> {
    return this.uploads.uploadCategoryImage(admin, files);
  }
}
