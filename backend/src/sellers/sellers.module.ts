import { Module } from '@nestjs/common';
import { BuyerListingsModule } from '../browse/buyer-listings/buyer-listings.module';
import { UsersModule } from '../users/users.module';
import { SellersController } from './sellers.controller';
import { SellersService } from './sellers.service';

@Module({
  imports: [UsersModule, BuyerListingsModule],
  controllers: [SellersController],
  providers: [SellersService],
})
export class SellersModule {}
