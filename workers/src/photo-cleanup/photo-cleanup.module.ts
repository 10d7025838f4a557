import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../../backend/src/config/app-config';
import { Image } from '../../../backend/src/uploads/image.entity';
import { createImageStorage, ImageStorage } from '../../../backend/src/uploads/image-storage';
import { ImagesService } from '../../../backend/src/uploads/images.service';
import { PhotoCleanupScheduler } from './photo-cleanup.scheduler';

/** The scheduled removal of unused uploads, from the same storage the API writes to. */
@Module({
  imports: [TypeOrmModule.forFeature([Image])],
  providers: [{ provide: ImageStorage, inject: [AppConfig], useFactory: createImageStorage }, ImagesService, PhotoCleanupScheduler],
})
export class PhotoCleanupModule {}
