import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { Image } from './image.entity';
import { createImageStorage, ImageStorage } from './image-storage';
import { ImagesService } from './images.service';

/** Stored images and their storage (disk or bucket), without the upload routes: what the workers' photo clean-up needs too. */
@Module({
  imports: [TypeOrmModule.forFeature([Image])],
  providers: [{ provide: ImageStorage, inject: [AppConfig], useFactory: createImageStorage }, ImagesService],
  exports: [ImagesService, ImageStorage],
})
export class ImagesModule {}
