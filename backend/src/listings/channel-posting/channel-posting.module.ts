import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../../events/events.module';
import { ImagesModule } from '../../uploads/images.module';
import { ListingEntity, ListingImageEntity } from '../listing.entity';
import { ChannelPostingService } from './channel-posting.service';

/** Posting listings to the social channels, for the workers' social queue. */
@Module({
  imports: [TypeOrmModule.forFeature([ListingEntity, ListingImageEntity]), EventsModule, ImagesModule],
  providers: [ChannelPostingService],
  exports: [ChannelPostingService],
})
export class ChannelPostingModule {}
