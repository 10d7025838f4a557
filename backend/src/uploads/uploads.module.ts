import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import express from 'express';
import { AppConfig } from '../config/app-config';
import { UsersModule } from '../users/users.module';
import { AvatarService } from './avatar.service';
import { Image } from './image.entity';
import { createImageStorage, ImageStorage, LocalDiskImageStorage } from './image-storage';
import { ImagesService } from './images.service';
import { TemporaryUploadFiles } from './temporary-upload-files';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

@Module({
  imports: [TypeOrmModule.forFeature([Image]), UsersModule],
  controllers: [UploadsController],
  providers: [
    { provide: ImageStorage, inject: [AppConfig], useFactory: createImageStorage },
    ImagesService,
    TemporaryUploadFiles,
    AvatarService,
    UploadsService,
  ],
  exports: [ImagesService, UploadsService],
})
export class UploadsModule implements OnModuleInit {
  constructor(
    private readonly storage: ImageStorage,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** The local-disk driver's files are served by the API under /uploads (a bucket serves its own). */
  onModuleInit(): void {
    const server = this.adapterHost.httpAdapter?.getInstance<express.Express>();
    if (!(this.storage instanceof LocalDiskImageStorage) || !server) return;
    // Keys are never reused (each upload gets a new one), so browsers may cache forever.
    server.use('/uploads', express.static(this.storage.directory, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  }
}
