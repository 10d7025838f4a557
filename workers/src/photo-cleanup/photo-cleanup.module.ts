import { Module } from '@nestjs/common';
import { ImagesModule } from '@market/backend';
import { PhotoCleanupScheduler } from './photo-cleanup.scheduler';

/** The scheduled removal of unused uploads, from the same storage the API writes to. */
@Module({
  imports: [ImagesModule],
  providers: [PhotoCleanupScheduler],
  exports: [PhotoCleanupScheduler],
})
export class PhotoCleanupModule {}
