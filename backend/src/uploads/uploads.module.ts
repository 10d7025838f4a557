import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import express from 'express';
import { ListingsModule } from '../listings/listings.module';
import { UsersModule } from '../users/users.module';
import { AvatarService } from './avatar.service';
import { ImageStorage, LocalDiskImageStorage } from './image-storage';
import { ImagesModule } from './images.module';
import { TemporaryUploadFiles } from './temporary-upload-files';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

/** The upload routes, above the modules whose images they take in: users' avatars and listings' photos. */
@Module({
  imports: [ImagesModule, UsersModule, ListingsModule],
  controllers: [UploadsController],
  providers: [TemporaryUploadFiles, AvatarService, UploadsService],
  exports: [ImagesModule, UploadsService],
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
