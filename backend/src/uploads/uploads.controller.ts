/// <reference types="multer" />
import { Body, Controller, Delete, HttpCode, HttpStatus, Post, UploadedFile, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FileFieldsInterceptor, FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { LIMITS, removeImageSchema, translateMessage, type ImageRef, type ListingImage, type MessageResponse } from '@market/contracts';
import { AdminOnly, CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { ZodPipe } from '../common/zod-body.pipe';
import { UploadsService, type UploadedImages } from './uploads.service';

/** Multer keeps uploads in memory for sharp; anything larger than a listing photo may be is refused with 413. */
const UPLOAD_LIMITS = { fileSize: LIMITS.photoMaxBytes, files: LIMITS.photosMax + 1, fields: 10 };

@ApiTags('uploads')
@Controller()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** Field `image`: the avatar, answers `{_id, location}`. Field `files`: listing photos (issue 6). */
  @SignedIn()
  @Post('upload')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(
    FileFieldsInterceptor(
      [
        { name: 'image', maxCount: 1 },
        { name: 'files', maxCount: LIMITS.photosMax },
      ],
      { limits: UPLOAD_LIMITS },
    ),
  )
  upload(@CurrentUser() user: SessionUser, @UploadedFiles() files: UploadedImages = {}): Promise<ImageRef | ListingImage[]> {
    return this.uploads.upload(user, files);
  }

  /** Removes one of the user's listing photos (a fresh upload or a draft's photo). */
  @SignedIn()
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
  @Post('uploadImg')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FileInterceptor('image', { limits: UPLOAD_LIMITS }))
  uploadCategoryImage(@CurrentUser() admin: SessionUser, @UploadedFile() file: Express.Multer.File | undefined): Promise<ImageRef> {
    return this.uploads.uploadCategoryImage(admin, file);
  }
}
