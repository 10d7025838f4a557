import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImagesModule } from '../../uploads/images.module';
import { ListingEntity, ListingImageEntity } from '../listing.entity';
import { AbandonedDraftsService } from './abandoned-drafts.service';

/** The removal of abandoned drafts, for the workers' scheduled job. */
@Module({
  imports: [TypeOrmModule.forFeature([ListingEntity, ListingImageEntity]), ImagesModule],
  providers: [AbandonedDraftsService],
  exports: [AbandonedDraftsService],
})
export class AbandonedDraftsModule {}
