import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../../events/events.module';
import { ListingEntity } from '../listing.entity';
import { ChannelPostingService } from './channel-posting.service';

/** Posting listings to the social channels, for the workers' social queue. */
@Module({
  imports: [TypeOrmModule.forFeature([ListingEntity]), EventsModule],
  providers: [ChannelPostingService],
  exports: [ChannelPostingService],
})
export class ChannelPostingModule {}
