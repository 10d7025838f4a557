import { Module } from '@nestjs/common';
import { BuyerListingsModule } from '../browse/buyer-listings/buyer-listings.module';
import { FavouritesController } from './favourites.controller';
import { FavouritesService } from './favourites.service';

@Module({
  imports: [BuyerListingsModule],
  controllers: [FavouritesController],
  providers: [FavouritesService],
  exports: [FavouritesService],
})
export class FavouritesModule {}
