import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListingEntity } from '../listing.entity';
import { SellerListingsService } from './seller-listings.service';

/** The listings the sellers' bot tells their sellers about, for the workers' bot. */
@Module({
  imports: [TypeOrmModule.forFeature([ListingEntity])],
  providers: [SellerListingsService],
  exports: [SellerListingsService],
})
export class SellerListingsModule {}
